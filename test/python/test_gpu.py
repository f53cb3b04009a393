"""The GPU backend and its compile-time placement (ExecutionPlan).

The placement tests run everywhere: they plan programs for a GPU place with a stated set of
GPU kernels (core.plan_placement's gpu_kernels), so machines without a GPU test the plan
itself. The tests marked `gpu` need the CUDA build and a visible GPU; they are skipped,
saying so, elsewhere: training on the GPU against the same steps on the CPU, the fixture
models through the Predictor on the GPU, memory statistics and errors."""
import os

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core

paddle.enable_static()

HAS_GPU = core.is_compiled_with_cuda() and core.get_cuda_device_count() > 0
gpu = pytest.mark.skipif(not HAS_GPU, reason="needs the CUDA build and a visible GPU")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_MODEL_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models"))


def lenet_programs(lr=1e-3):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        image = paddle.static.data("image", [None, 1, 28, 28], "float32")
        label = paddle.static.data("label", [None, 1], "int64")
        x = paddle.static.nn.conv2d(image, num_filters=6, filter_size=5, act="relu")
        x = F.max_pool2d(x, kernel_size=2, stride=2)
        x = paddle.flatten(x, 1)
        logits = paddle.static.nn.fc(x, size=10)
        loss = F.cross_entropy(logits, label)
        acc = paddle.metric.accuracy(F.softmax(logits), label)
        paddle.optimizer.Adam(learning_rate=lr).minimize(loss)
    return main, startup, loss, acc


def plan(program, kernels):
    return core.plan_placement(program.desc, 0, core.CUDAPlace(0), kernels)


# Kernels of the LeNet training program above (forward, backward, Adam).
LENET_KERNELS = ["conv2d", "conv2d_grad", "add", "add_grad", "relu", "relu_grad", "pool2d",
                 "pool2d_grad", "flatten", "flatten_grad", "matmul_with_flatten",
                 "matmul_with_flatten_grad", "cross_entropy_with_softmax",
                 "cross_entropy_with_softmax_grad", "mean_all", "mean_all_grad", "softmax",
                 "topk", "accuracy", "full", "adam", "memcpy_h2d", "memcpy_d2h"]


def test_plan_with_every_kernel_copies_only_the_feeds():
    main, _, _, _ = lenet_programs()
    p = plan(main, LENET_KERNELS)
    assert all(place == "gpu" for place in p["op_places"]), p["text"]
    assert sorted((c[1], c[2]) for c in p["copies"]) == [("image", "image@GPU"),
                                                         ("label", "label@GPU")]
    params = [v.name for v in main.all_parameters()]
    assert params and all(p["homes"][name] == "gpu" for name in params)


def test_plan_falls_back_to_cpu_and_says_why():
    main, _, _, _ = lenet_programs()
    kernels = [k for k in LENET_KERNELS if k not in ("topk", "accuracy")]
    p = plan(main, kernels)
    on_cpu = [(t, r) for t, pl, r in zip(p["op_types"], p["op_places"], p["reasons"]) if pl == "cpu"]
    assert sorted(t for t, _ in on_cpu) == ["accuracy", "top_k_v2"], p["text"]
    assert all("no GPU kernel for" in r for _, r in on_cpu)
    # The softmax output and the label cross to the host for them; nothing else does.
    d2h = sorted(c[1] for c in p["copies"] if c[0] == "memcpy_d2h")
    assert "label@GPU" not in d2h and len(d2h) >= 1, p["text"]
    assert "top_k_v2 @ cpu (no GPU kernel for topk float32)" in p["text"]


def test_device_guard_puts_ops_on_the_cpu():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        with paddle.static.device_guard("cpu"):
            y = F.relu(x)
        z = paddle.tanh(y)
    p = plan(main, ["relu", "tanh", "memcpy_h2d", "memcpy_d2h"])
    assert p["op_types"] == ["relu", "memcpy_h2d", "tanh"], p["text"]
    assert p["op_places"] == ["cpu", "gpu", "gpu"]
    assert p["reasons"][0] == "op_device 'cpu'"
    with pytest.raises(ValueError, match="'tpu'"):
        with paddle.static.device_guard("tpu"):
            pass
    assert z is not None


def test_device_api_without_gpu_refuses_gpu():
    assert paddle.is_compiled_with_cuda() == core.is_compiled_with_cuda()
    assert paddle.device.cuda.device_count() == core.get_cuda_device_count()
    assert paddle.set_device("cpu").is_cpu_place() and paddle.get_device() == "cpu"
    with pytest.raises(ValueError, match="'tpu'"):
        paddle.set_device("tpu")
    if not HAS_GPU:
        with pytest.raises(ValueError, match="gpu"):
            paddle.set_device("gpu")
        assert paddle.get_device() == "cpu"
        with pytest.raises((RuntimeError, NotImplementedError), match="GPU"):
            paddle.static.Executor(paddle.CUDAPlace(0)).run(paddle.static.Program())


def _train(place, steps=12, seed=3):
    """LeNet steps from the same initial parameters (made on the CPU) on `place`."""
    main, startup, loss, acc = lenet_programs()
    scope = paddle.static.Scope()
    rng = np.random.default_rng(seed)
    batches = [(rng.standard_normal((16, 1, 28, 28)).astype("float32"),
                rng.integers(0, 10, (16, 1)).astype("int64")) for _ in range(steps)]
    with paddle.static.scope_guard(scope):
        paddle.seed(11)
        paddle.static.Executor(paddle.CPUPlace()).run(startup)
        exe = paddle.static.Executor(place)
        losses = [float(exe.run(main, feed={"image": x, "label": y}, fetch_list=[loss])[0])
                  for x, y in batches]
        # In creation order: each build names its parameters afresh (conv2d_1.w_0, ...).
        params = [np.array(scope.find_var(p.name).get_tensor()) for p in main.all_parameters()]
    return losses, params, exe, main


@gpu
def test_lenet_training_on_gpu_matches_cpu():
    cpu_losses, cpu_params, _, _ = _train(paddle.CPUPlace())
    gpu_losses, gpu_params, exe, main = _train(paddle.CUDAPlace(0))
    np.testing.assert_allclose(gpu_losses, cpu_losses, rtol=2e-4, atol=1e-5)
    assert len(gpu_params) == len(cpu_params) == 4
    for i, (on_gpu, on_cpu) in enumerate(zip(gpu_params, cpu_params)):
        np.testing.assert_allclose(on_gpu, on_cpu, rtol=1e-3, atol=1e-5, err_msg=f"parameter {i}")
    # Every op of the main job's kind of program has a GPU kernel: nothing falls back.
    text = exe._core.execution_plan(main.desc, paddle.static.global_scope(), [])
    assert text == "" or "no GPU kernel" not in text, text


cuda_build = pytest.mark.skipif(not core.is_compiled_with_cuda(),
                                reason="needs the CUDA build (its kernel registry)")


@cuda_build
def test_main_job_and_fixture_programs_need_no_cpu_fallback():
    # Planned against this build's own GPU kernels (no device needed): the main job's
    # training program and every fixture model, as saved and after the Predictor's default
    # passes (fused ops included), run wholly on the GPU.
    main, _, _, _ = lenet_programs()
    programs = {"lenet training": main.desc}
    gpu_config = paddle.inference.Config("unused", "unused")
    gpu_config.enable_use_gpu(100, 0)
    passes = gpu_config.pass_builder().all_passes()
    assert "conv_elementwise_add_act_fuse_pass" in passes and "mbconv_fuse_pass" not in passes
    assert "scaled_conv_fuse_pass" not in passes and "conv_depthwise_fuse_pass" not in passes
    for name in ["lenet", "resnet18", "mobilenet_v2", "mobilenet_v3_small", "tiny_bert",
                 "bert_static"]:
        prefix = os.path.join(FIXTURES, name)
        if not os.path.exists(prefix + ".pdmodel"):
            continue
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            program, _, _ = paddle.static.load_inference_model(
                prefix, paddle.static.Executor(paddle.CPUPlace()))
            programs[name] = program.desc
            programs[name + " after passes"] = core.apply_passes(program.desc, passes, scope)
    for name, desc in programs.items():
        p = core.plan_placement(desc, 0, core.CUDAPlace(0))
        fallbacks = [r for r in p["reasons"] if "no GPU kernel" in r]
        assert not fallbacks, f"{name}: {p['text']}"


@gpu
@pytest.mark.parametrize("name", ["lenet", "resnet18", "mobilenet_v2", "mobilenet_v3_small",
                                  "tiny_bert", "bert_static"])
def test_fixture_models_on_gpu_predictor(name):
    prefix = os.path.join(FIXTURES, name)
    if not os.path.exists(prefix + ".pdmodel"):
        pytest.skip(f"no fixture {prefix}.pdmodel")
    with np.load(prefix + ".inputs.npz") as d:
        inputs = {k: d[k] for k in d.files}
    with np.load(prefix + ".outputs.npz") as d:
        outputs = [d[k] for k in d.files]
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.enable_use_gpu(256, 0)
    predictor = paddle.inference.create_predictor(cfg)
    names = predictor.get_input_names()
    feed = [inputs[n] for n in names] if set(names) == set(inputs) else list(inputs.values())
    for i, (got, want) in enumerate(zip(predictor.run(feed), outputs)):
        scale = float(np.abs(want).max())
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-4 * max(scale, 1e-6),
                                   err_msg=f"{name} output {i} on GPU")


@gpu
def test_gpu_memory_statistics_and_release():
    _train(paddle.CUDAPlace(0), steps=2)
    stats = core.gpu_memory_stats(0)
    assert stats["reserved"] >= stats["allocated"] >= 0 and stats["peak_allocated"] > 0
    assert paddle.device.cuda.max_memory_allocated() == stats["peak_allocated"]
    paddle.device.cuda.empty_cache()
    assert core.gpu_memory_stats(0)["reserved"] == core.gpu_memory_stats(0)["allocated"]


@gpu
def test_gpu_errors_are_typed_and_the_executor_stays_usable():
    count = core.get_cuda_device_count()
    with pytest.raises(RuntimeError, match=f"GPU device id in \\[0, {count}\\)"):
        paddle.static.Executor(paddle.CUDAPlace(count + 3)).run(lenet_programs()[1])
    main, startup, loss, _ = lenet_programs()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CUDAPlace(0))
        exe.run(startup)
        with pytest.raises(ValueError, match="image"):
            exe.run(main, feed={"image": np.zeros((4, 3, 28, 28), "float32"),
                                "label": np.zeros((4, 1), "int64")}, fetch_list=[loss])
        (l,) = exe.run(main, feed={"image": np.zeros((4, 1, 28, 28), "float32"),
                                   "label": np.zeros((4, 1), "int64")}, fetch_list=[loss])
        assert np.isfinite(l).all()


@gpu
def test_save_inference_model_from_gpu_scope(tmp_path):
    main, startup, loss, _ = lenet_programs()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CUDAPlace(0))
        exe.run(startup)
        x = np.random.default_rng(0).standard_normal((2, 1, 28, 28)).astype("float32")
        exe.run(main, feed={"image": x, "label": np.zeros((2, 1), "int64")}, fetch_list=[loss])
        image = main.global_block().var("image")
        logits = [op for op in main.global_block().ops if op.type == "elementwise_add"][-1]
        out = main.global_block().var(logits.output("Out")[0])
        test_prog = main.clone(for_test=True)
        prefix = str(tmp_path / "lenet_gpu")
        paddle.static.save_inference_model(prefix, [image], [out], exe, program=test_prog)
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cpu_out = paddle.inference.create_predictor(cfg).run([x])[0]
    cfg.enable_use_gpu(128, 0)
    gpu_out = paddle.inference.create_predictor(cfg).run([x])[0]
    np.testing.assert_allclose(gpu_out, cpu_out, rtol=1e-4, atol=1e-5)

