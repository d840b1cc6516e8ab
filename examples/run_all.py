"""Runs every example on the best device present and prints each check and time."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

EXAMPLES = ["vector_add", "softmax", "layer_norm", "matmul"]


def main():
    failed = [name for name in EXAMPLES if not importlib.import_module(name).main()]
    print("%d passed, %d failed" % (len(EXAMPLES) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
