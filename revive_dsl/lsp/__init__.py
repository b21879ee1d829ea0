"""The language server face: ``revive lsp`` serves content files and replay scripts to an editor over stdio.

:mod:`~revive_dsl.lsp.analysis` holds what the server knows (problems, hover text, completions) as plain
functions over text; :mod:`~revive_dsl.lsp.server` is the thin Language Server Protocol layer over them, built on
pygls (``pip install 'revive-dsl[lsp]'``).
"""
