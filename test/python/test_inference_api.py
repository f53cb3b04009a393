"""paddle.inference: the Predictor gives the program's outputs (within 1e-5) with and without
IR optimisation, clones agree across threads, and bad input is a clean error."""
import threading

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

paddle.enable_static()


@pytest.fixture(scope="module")
def conv_model(tmp_path_factory):
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = 5
    with paddle.static.program_guard(main, startup):
        img = paddle.static.data("img", [None, 3, 10, 10], "float32")
        label = paddle.static.data("label", [None, 1], "int64")
        y = paddle.static.nn.conv2d(img, 8, 3, padding=1)
        y = paddle.static.nn.batch_norm(y, act="relu")
        y = F.max_pool2d(y, 2, 2)
        y = paddle.static.nn.fc(paddle.flatten(y, 1), 16, activation="relu")
        logits = paddle.static.nn.fc(y, 4)
        loss = F.cross_entropy(logits, label)
        test_prog = main.clone(for_test=True)
        paddle.optimizer.Adam(0.01).minimize(loss)
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(8, 3, 10, 10)).astype("float32")
    ys = rng.integers(0, 4, (8, 1)).astype("int64")
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for _ in range(3):  # moves the batch-norm running statistics away from 0/1
            exe.run(main, feed={"img": xs, "label": ys}, fetch_list=[loss])
        (ref,) = exe.run(test_prog, feed={"img": xs, "label": ys}, fetch_list=[logits])
        with pytest.raises(ValueError, match="'label' in the feed"):
            exe.run(test_prog, feed={"img": xs}, fetch_list=[logits])
        prefix = str(tmp_path_factory.mktemp("model") / "conv")
        paddle.static.save_inference_model(prefix, [img], [logits], exe, program=main)
    return prefix, xs, ref


def make(prefix, ir=True, memory=False):
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.switch_ir_optim(ir)
    if memory:
        cfg.enable_memory_optim()
    return paddle.inference.create_predictor(cfg)


@pytest.mark.parametrize("ir,memory", [(False, False), (True, False), (True, True)])
def test_predictor_matches_program(conv_model, ir, memory):
    prefix, xs, ref = conv_model
    pred = make(prefix, ir, memory)
    assert pred.get_input_names() == ["img"]
    handle = pred.get_input_handle("img")
    handle.reshape(list(xs.shape))
    handle.copy_from_cpu(xs)
    assert pred.run()
    out = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
    # varying batch sizes, through the list form of run()
    for n in (1, 3, 8):
        (o,) = pred.run([xs[:n]])
        np.testing.assert_allclose(o, ref[:n], rtol=1e-5, atol=1e-5)


def test_ir_passes_fold_conv_bn_and_fc(conv_model, tmp_path):
    prefix, _, _ = conv_model
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    passes = cfg.pass_builder().all_passes()
    assert "conv_bn_fuse_pass" in passes and "fc_fuse_pass" in passes
    cfg.delete_pass("fc_fuse_pass")
    assert "fc_fuse_pass" not in cfg.pass_builder().all_passes()


def test_clones_in_threads_agree(conv_model):
    prefix, xs, ref = conv_model
    pred = make(prefix)
    clones = [pred.clone() for _ in range(4)]
    results = [None] * 4

    def work(i):
        for _ in range(20):
            (results[i],) = clones[i].run([xs])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        np.testing.assert_allclose(r, ref, rtol=1e-5, atol=1e-5)


def test_errors_are_clean(conv_model, tmp_path):
    prefix, xs, _ = conv_model
    with pytest.raises(Exception, match="missing.pdmodel"):
        make(str(tmp_path / "missing"))
    pred = make(prefix)
    with pytest.raises(Exception, match="nope"):
        pred.get_input_handle("nope")
    with pytest.raises(Exception):
        pred.run([xs[:, :2]])  # wrong channel count
    (ok,) = pred.run([xs])  # still usable
    assert ok.shape == (8, 4)
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.enable_use_gpu(100, 0)
    with pytest.raises(Exception, match="GPU"):
        paddle.inference.create_predictor(cfg)


def test_run_reads_contiguous_arrays_in_place_and_never_writes_them(conv_model):
    prefix, xs, ref = conv_model
    pred = make(prefix)
    before = xs.copy()
    (out,) = pred.run([xs])  # C-contiguous float32: bound, not copied
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(xs, before)
    # The same values through a copy (non-contiguous array, the other byte order, copy_from_cpu)
    # give the same bits.
    (strided,) = pred.run([np.asfortranarray(xs)])
    np.testing.assert_array_equal(strided, out)
    (swapped,) = pred.run([xs.astype(">f4")])
    np.testing.assert_array_equal(swapped, out)
    unaligned = np.frombuffer(b"\0" + xs.tobytes(), dtype="float32", offset=1).reshape(xs.shape)
    assert not unaligned.flags.aligned
    (copied,) = pred.run([unaligned])
    np.testing.assert_array_equal(copied, out)
    handle = pred.get_input_handle("img")
    handle.reshape(list(xs.shape))
    handle.copy_from_cpu(xs)
    pred.run()
    np.testing.assert_array_equal(
        pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu(), out)
    np.testing.assert_array_equal(xs, before)  # copy_from_cpu after a bound run: not written


def test_share_external_data_binds_the_array(conv_model):
    prefix, xs, ref = conv_model
    pred = make(prefix)
    handle = pred.get_input_handle("img")
    data = xs.copy()
    handle.share_external_data(data)
    pred.run()
    output = pred.get_output_handle(pred.get_output_names()[0])
    np.testing.assert_allclose(output.copy_to_cpu(), ref, rtol=1e-5, atol=1e-5)
    # Bound, not copied: the next run reads the array as it is then.
    data[:] = xs[::-1]
    pred.run()
    (flipped,) = make(prefix).run([np.ascontiguousarray(xs[::-1])])
    np.testing.assert_array_equal(output.copy_to_cpu(), flipped)
    # The predictor keeps the array alive after the caller lets go of it.
    handle.share_external_data(xs.copy())
    pred.run()
    np.testing.assert_allclose(output.copy_to_cpu(), ref, rtol=1e-5, atol=1e-5)
    # Bad input: typed errors naming the input; the predictor stays usable.
    with pytest.raises(ValueError, match="C-contiguous.*'img'"):
        handle.share_external_data(np.asfortranarray(xs))
    with pytest.raises(ValueError, match="byte order.*'img'"):
        handle.share_external_data(xs.astype(">f4"))
    unaligned = np.frombuffer(b"\0" + xs.tobytes(), dtype="float32", offset=1).reshape(xs.shape)
    with pytest.raises(ValueError, match="aligned.*'img'"):
        handle.share_external_data(unaligned)
    with pytest.raises(Exception, match="element type.*'img'"):
        handle.share_external_data(xs.astype("float64"))
    with pytest.raises(Exception, match="rank 4.*'img'"):
        handle.share_external_data(xs[0].copy())
    out_handle = pred.get_output_handle(pred.get_output_names()[0])
    with pytest.raises(Exception, match="expected an input handle.*is an output"):
        out_handle.share_external_data(xs)
    pred.run()
    np.testing.assert_allclose(output.copy_to_cpu(), ref, rtol=1e-5, atol=1e-5)


def test_an_input_the_program_writes_is_copied_not_bound(tmp_path):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.scale(x, 1.0, bias=1.0)
    program = paddle.static.normalize_program(main, [x], [y])
    # An op that writes the input in place, after the feed (save_inference_model's pruning
    # would drop it; a model written by other tools may have one).
    block = program.global_block()
    block._insert_op(1, type="scale", inputs={"X": [block.var("x")]},
                     outputs={"Out": [block.var("x")]},
                     attrs={"scale": 2.0, "bias": 0.0, "bias_after_scale": True})
    prefix = str(tmp_path / "writes")
    with open(prefix + ".pdmodel", "wb") as f:
        f.write(program.desc.serialize_to_string())
    open(prefix + ".pdiparams", "wb").close()
    data = np.arange(8, dtype="float32").reshape(2, 4)
    before = data.copy()
    for ir in (False, True):
        pred = make(prefix, ir=ir)
        for _ in range(2):
            (out,) = pred.run([data])
            np.testing.assert_array_equal(out, before * 2 + 1)
            np.testing.assert_array_equal(data, before)
        handle = pred.get_input_handle("x")
        handle.reshape([2, 4])
        handle.copy_from_cpu(data)
        for _ in range(2):  # each run starts from the input as it was set
            pred.run()
            np.testing.assert_array_equal(
                pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu(), before * 2 + 1)
        handle.share_external_data(data)
        for _ in range(2):
            pred.run()
            np.testing.assert_array_equal(
                pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu(), before * 2 + 1)
            np.testing.assert_array_equal(data, before)
