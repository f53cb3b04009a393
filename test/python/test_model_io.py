"""Model files: inference models (.pdmodel/.pdiparams) and checkpoints, round trips, bad
files with clean typed errors, and atomic writes under a killed process."""
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import paddle
from paddle.base import core

paddle.enable_static()


def build_mlp(seed=1):
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = seed
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        h = paddle.static.nn.fc(x, 8, activation="relu")
        out = paddle.static.nn.fc(h, 3)
        loss = paddle.mean(out)
        test_prog = main.clone(for_test=True)
        paddle.optimizer.SGD(0.1).minimize(loss)
    return main, startup, test_prog, x, out, loss


@pytest.fixture
def trained(tmp_path):
    main, startup, test_prog, x, out, loss = build_mlp()
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    xv = np.random.default_rng(0).random((5, 4)).astype("float32")
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for _ in range(3):
            exe.run(main, feed={"x": xv}, fetch_list=[loss])
        (ref,) = exe.run(test_prog, feed={"x": xv}, fetch_list=[out])
        prefix = str(tmp_path / "mlp")
        paddle.static.save_inference_model(prefix, [x], [out], exe, program=main)
    return prefix, xv, ref


def test_inference_model_layout_and_round_trip(trained):
    prefix, xv, ref = trained
    prog = paddle.static.Program.parse_from_string(open(prefix + ".pdmodel", "rb").read())
    ops = [op.type for op in prog.global_block().ops]
    assert ops[0] == "feed" and ops[-1] == "fetch" and "scale" in ops
    assert "sgd" not in ops and not any(t.endswith("_grad") for t in ops)
    names = core.persistable_names(prog.desc)
    assert names == sorted(names) and len(names) == 4
    # parameter file = records back to back, nothing else
    size = os.path.getsize(prefix + ".pdiparams")
    expected = sum(4 + 8 + 4 + 4 + len(_desc_bytes(prog, n)) + 4 * int(np.prod(prog.global_block().var(n).shape))
                   for n in names)
    assert size == expected
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feeds, fetches = paddle.static.load_inference_model(prefix, paddle.static.Executor())
        (got,) = paddle.static.Executor().run(program, feed={feeds[0]: xv}, fetch_list=fetches)
    assert feeds == ["x"]
    np.testing.assert_allclose(got, ref, rtol=1e-6, atol=1e-6)


def _desc_bytes(prog, name):
    var = prog.global_block().var(name)
    out = bytes([0x08, int(var.dtype)])
    for d in var.shape:
        out += bytes([0x10]) + _varint(d)
    return out


def _varint(v):
    out = b""
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def test_fresh_process_gives_same_outputs(trained):
    prefix, xv, ref = trained
    np.save(prefix + ".x.npy", xv)
    code = textwrap.dedent(f"""
        import numpy as np, paddle
        paddle.enable_static()
        exe = paddle.static.Executor()
        prog, feeds, fetches = paddle.static.load_inference_model({prefix!r}, exe)
        out, = exe.run(prog, feed={{feeds[0]: np.load({prefix!r} + '.x.npy')}}, fetch_list=fetches)
        np.save({prefix!r} + '.out.npy', out)
    """)
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(os.environ))
    np.testing.assert_allclose(np.load(prefix + ".out.npy"), ref, rtol=1e-6, atol=1e-6)


def _corrupt(path, fn):
    data = open(path, "rb").read()
    open(path, "wb").write(fn(data))


@pytest.mark.parametrize("case,fn,err,words", [
    ("truncated params", lambda d: d[:-7], ValueError, ["pdiparams", "truncated"]),
    ("over-long params", lambda d: d + b"\0" * 9, ValueError, ["pdiparams", "remain"]),
    ("empty params", lambda d: b"", ValueError, ["pdiparams"]),
    ("bad version", lambda d: b"\x07" + d[1:], ValueError, ["pdiparams", "version"]),
])
def test_bad_params_files(trained, case, fn, err, words):
    prefix, _, _ = trained
    _corrupt(prefix + ".pdiparams", fn)
    with pytest.raises(err) as info:
        paddle.static.load_inference_model(prefix, paddle.static.Executor())
    for w in words:
        assert w in str(info.value), (case, str(info.value))


def test_bad_model_files(trained, tmp_path):
    prefix, _, _ = trained
    with pytest.raises(FileNotFoundError):
        paddle.static.load_inference_model(str(tmp_path / "missing"), paddle.static.Executor())
    _corrupt(prefix + ".pdmodel", lambda d: d[: len(d) // 2])
    with pytest.raises(ValueError, match="pdmodel"):
        paddle.static.load_inference_model(prefix, paddle.static.Executor())
    _corrupt(prefix + ".pdmodel", lambda d: os.urandom(200))
    with pytest.raises(ValueError):
        paddle.static.load_inference_model(prefix, paddle.static.Executor())


def test_params_shape_and_dtype_disagreeing_with_program(trained, tmp_path):
    prefix, _, _ = trained
    prog = paddle.static.Program.parse_from_string(open(prefix + ".pdmodel", "rb").read())
    name = core.persistable_names(prog.desc)[0]
    var = prog.global_block().var(name)
    var.desc.set_shape([7] + list(var.shape)[1:])
    open(prefix + ".pdmodel", "wb").write(prog.desc.serialize_to_string())
    with pytest.raises(ValueError, match=f"{name}.*shape"):
        paddle.static.load_inference_model(prefix, paddle.static.Executor())
    var.desc.set_dtype(core.VarType.FP64)
    open(prefix + ".pdmodel", "wb").write(prog.desc.serialize_to_string())
    with pytest.raises(ValueError, match=f"{name}.*dtype"):
        paddle.static.load_inference_model(prefix, paddle.static.Executor())


def test_checkpoint_save_load_and_safe_unpickler(tmp_path):
    main, startup, _, x, out, loss = build_mlp()
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    path = str(tmp_path / "ckpt")
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        paddle.static.save(main, path)
        before = {p.name: np.array(scope.find_var(p.name).get_tensor()) for p in main.all_parameters()}
        for p in main.all_parameters():
            scope.find_var(p.name).get_tensor().set(np.zeros(p.shape, "float32"))
        paddle.static.load(main, path, exe)
        for name, value in before.items():
            np.testing.assert_array_equal(np.array(scope.find_var(name).get_tensor()), value)
        state = paddle.static.load_program_state(path)
        assert set(before) <= set(state)
        bad = dict(state)
        first = sorted(before)[0]
        bad[first] = np.zeros((1, 1), "float32")
        with pytest.raises(ValueError, match=first):
            paddle.static.set_program_state(main, bad)
    for suffix in (".pdparams", ".pdopt", ".pdmodel"):
        assert os.path.exists(path + suffix)

    class Evil:
        def __reduce__(self):
            return (os.system, ("touch " + str(tmp_path / "pwned"),))

    open(path + ".pdparams", "wb").write(pickle.dumps({"w": Evil()}))
    with pytest.raises(ValueError, match="refusing"):
        paddle.static.load_program_state(path)
    assert not os.path.exists(tmp_path / "pwned")


def test_killed_saver_leaves_old_or_new_state(tmp_path):
    """A process saving two alternating states is killed at random moments; each time, the
    files load as one complete state."""
    path = str(tmp_path / "atomic")
    saver = textwrap.dedent(f"""
        import numpy as np, paddle
        paddle.enable_static()
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            w = paddle.static.create_parameter([256, 256], 'float32', name='w')
        exe = paddle.static.Executor()
        exe.run(startup)
        t = paddle.static.global_scope().find_var('w').get_tensor()
        i = 0
        while True:
            t.set(np.full([256, 256], float(i % 2), 'float32'))
            paddle.static.save(main, {path!r})
            i += 1
    """)
    rng = np.random.default_rng(0)
    for trial in range(6):
        proc = subprocess.Popen([sys.executable, "-c", saver], env=dict(os.environ))
        time.sleep(1.0 + rng.random() * 0.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if not os.path.exists(path + ".pdparams"):
            continue
        state = paddle.static.load_program_state(path)
        w = state["w"]
        assert w.shape == (256, 256)
        assert np.all(w == w.flat[0]) and w.flat[0] in (0.0, 1.0), f"trial {trial}: torn state"
    assert os.path.exists(path + ".pdparams"), "the saver never completed a save"
