# The example expansion runs in a process of its own (run.py, from tests/test_example_expansion.py): importing
# its modules here would register its package, words and state in the test process.
collect_ignore_glob = ["*.py", "*/*.py"]
