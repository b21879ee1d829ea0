"""The rules engine: state as plain data, decisions as explicit questions, drivers that answer them.

See docs/engine-design.md for the plan this package follows.
"""
