# The example expansion runs in a process of its own (run.py, from tests/test_example_expansion.py): importing
# its modules here would register its package, words and state in the test process.
# Its pack's script (lagoon/scripts/dive.yaml) needs the package too: test_example_expansion plays it there.
collect_ignore_glob = ["*.py", "*/*.py", "lagoon/scripts/*.yaml"]
