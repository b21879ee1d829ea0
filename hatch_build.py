"""The optional compiled core: the engine, the rules packages and the computer players compiled by Cython.

A wheel is pure Python unless the build is asked for the compiled core:

    REVIVE_COMPILED=1 pip install .

Then the modules of :data:`COMPILED` are compiled as they are (no source changes, no type declarations) and each
extension module goes into the wheel beside its ``.py`` file, which Python imports instead. Behaviour is the same:
the same states, messages and choices (tests/test_compiled_core.py compares both on pinned games). Where the build
cannot compile (no C compiler, no Python headers) it says so and the wheel stays pure Python: the install never
fails for it. An editable install (``pip install -e .``) is never compiled: an edited ``.py`` file must be the one
that runs.

``python hatch_build.py DIR`` compiles the core in place under ``DIR`` (a copy of the source tree), as the tests do.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

# The modules compiled, as globs under the project's root: where a move's time goes (bench/ has the profiles).
# A package's __init__ stays Python.
COMPILED = (
    "revive_dsl/engine/*.py",
    "revive_dsl/rules/base/*.py",
    "revive_dsl/rules/abyss/*.py",
    "revive_dsl/ai/*.py",
)
ENABLE = "REVIVE_COMPILED"  # the environment variable that asks for the compiled core
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # an annotation is a hint, as in CPython: `list[str] = ()` must still accept ()
    "binding": True,  # functions keep their names, signatures and docstrings, as Python's do
}


def compiled_sources(root: Path) -> list[Path]:
    """The source files :data:`COMPILED` names under ``root``, in a fixed order.

    >>> [p.name for p in compiled_sources(Path("."))][:2]
    ['compiled.py', 'decisions.py']
    """
    return sorted(p for pattern in COMPILED for p in root.glob(pattern) if p.name != "__init__.py")


def compile_core(root: Path, build: Path, jobs: int = 2) -> list[Path]:
    """Compile the modules of :data:`COMPILED` under ``root``, each into an extension module beside its source;
    the C files and objects go under ``build``. Returns the extension modules made. Raises what the compiler raises
    (``distutils.errors.CCompilerError``, ``DistutilsError``) when it cannot compile."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    root = root.resolve()
    sources = compiled_sources(root)
    extensions = [
        Extension(".".join(path.relative_to(root).with_suffix("").parts), [str(path.relative_to(root))])
        for path in sources
    ]
    here = Path.cwd()
    os.chdir(root)  # cythonize and build_ext name the files relative to the project's root
    try:
        modules = cythonize(
            extensions, compiler_directives=DIRECTIVES, nthreads=jobs, quiet=True, build_dir=str(build / "c")
        )
        dist = Distribution({"name": "revive-dsl-core", "ext_modules": modules})
        command = dist.get_command_obj("build_ext")
        command.inplace = True
        command.build_temp = str(build / "objects")
        command.parallel = jobs
        command.ensure_finalized()
        command.run()
        return [root / command.get_ext_fullpath(ext.name) for ext in modules]
    finally:
        os.chdir(here)


def _wanted() -> bool:
    return os.environ.get(ENABLE, "").strip().lower() in ("1", "true", "yes")


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script or imported by a test: no build backend needed
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledCoreHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Hatchling's build hook: with ``REVIVE_COMPILED=1``, a platform wheel holding the compiled core."""

    def dependencies(self) -> list[str]:
        return ["cython>=3.0", "setuptools>=68"] if _wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not _wanted():
            return
        root = Path(self.root)
        build = Path(tempfile.mkdtemp(prefix="revive-core-"))
        try:
            made = compile_core(root, build)
        except Exception as error:  # no compiler, no headers: the pure-Python wheel, said so
            why = f"{type(error).__name__}: {error}"
            print(f"revive-dsl: the compiled core was not built ({why}); installing pure Python", file=sys.stderr)
            return
        for module in made:
            build_data["force_include"][str(module)] = str(module.relative_to(root))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._made = made

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        for module in getattr(self, "_made", ()):  # the source tree is left as it was found
            module.unlink(missing_ok=True)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    with tempfile.TemporaryDirectory(prefix="revive-core-") as scratch:
        for module in compile_core(target, Path(scratch)):
            print(module.relative_to(target.resolve()))
