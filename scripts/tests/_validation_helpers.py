"""Shared bits of the validation tests: import path and fixture locations."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
REPO = os.path.dirname(SCRIPTS)
FIXTURES = os.path.join(REPO, "test", "data", "ncu")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)


def fixture(name):
    return os.path.join(FIXTURES, name)
