"""pytest plugin for Triton's own tests on tilec: the project's skip list and a seeded sample.

Loaded with `-p tilec_triton_plugin` (scripts/triton-tests.sh puts this directory on
PYTHONPATH, so pytest-xdist workers load it too). Options:
  --tilec-skip-list FILE   skip the tests FILE lists (one `pattern  # reason` per line; a
                           pattern is a test id, or a prefix ending in `*`); every entry
                           needs a reason, and the reason is the skip message
  --tilec-only FILE        run only the test ids FILE lists (e.g. those Triton's interpreter
                           passes on the CPU)
  --tilec-sample N         of those, run a sample of N (chosen with --tilec-seed, default 0)
"""
import random

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("tilec")
    group.addoption("--tilec-skip-list", default=None)
    group.addoption("--tilec-only", default=None)
    group.addoption("--tilec-sample", type=int, default=0)
    group.addoption("--tilec-seed", type=int, default=0)


def read_skip_list(path):
    """[(pattern, reason)] from a skip-list file; raises ValueError for an entry without a reason."""
    entries = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pattern, sep, reason = line.partition("  # ")
            if not sep or not reason.strip():
                raise ValueError("%s:%d: a skipped test needs a reason (`id  # reason`)"
                                 % (path, number))
            entries.append((pattern.strip(), reason.strip()))
    return entries


def _matches(nodeid, pattern):
    if pattern.endswith("*"):
        return nodeid.startswith(pattern[:-1])
    return nodeid == pattern


def pytest_collection_modifyitems(session, config, items):
    only = config.getoption("tilec_only")
    if only:
        with open(only, encoding="utf-8") as f:
            wanted = {line.strip() for line in f if line.strip() and not line.startswith("#")}
        keep = [item for item in items if item.nodeid in wanted]
        deselected = [item for item in items if item.nodeid not in wanted]
        sample = config.getoption("tilec_sample")
        if sample and sample < len(keep):
            chosen = set(random.Random(config.getoption("tilec_seed")).sample(
                sorted(item.nodeid for item in keep), sample))
            deselected += [item for item in keep if item.nodeid not in chosen]
            keep = [item for item in keep if item.nodeid in chosen]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
        items[:] = keep
    skip_list = config.getoption("tilec_skip_list")
    if skip_list:
        entries = read_skip_list(skip_list)
        for item in items:
            for pattern, reason in entries:
                if _matches(item.nodeid, pattern):
                    item.add_marker(pytest.mark.skip(reason="tilec skip list: " + reason))
                    break
