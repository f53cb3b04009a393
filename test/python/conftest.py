"""Test-session setup: the harness directory on sys.path, and each test starts in the mode its
module expects. PaddlePaddle starts in dynamic (eager) mode; static-graph test modules call
paddle.enable_static() at import, as static scripts do, and imports run before any test, so
the mode is reset per test from the module's own source."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

_static_modules = {}


def _module_is_static(module):
    path = module.__file__
    if path not in _static_modules:
        with open(path, encoding="utf-8") as f:
            _static_modules[path] = any(line.startswith("paddle.enable_static()") for line in f)
    return _static_modules[path]


# PADDLE_TEST_DEVICE=gpu runs the eager (dynamic-mode) test modules with the GPU as the
# current device (paddle.set_device), so their values are made, and their ops run, there.
_TEST_DEVICE = os.environ.get("PADDLE_TEST_DEVICE", "cpu")


def _set_mode(module):
    import paddle
    if _module_is_static(module):
        paddle.enable_static()
    else:
        paddle.disable_static()
        if _TEST_DEVICE != "cpu":
            paddle.set_device(_TEST_DEVICE)


@pytest.fixture(autouse=True, scope="module")
def _paddle_mode_for_module_fixtures(request):
    _set_mode(request.module)  # before the module's own module-scoped fixtures build programs
    yield


@pytest.fixture(autouse=True)
def _paddle_mode(request):
    _set_mode(request.module)
    yield
    import paddle
    if paddle.get_device() != "cpu":  # a test that moved the default device puts it back
        paddle.set_device("cpu")
