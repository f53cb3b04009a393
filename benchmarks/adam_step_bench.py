"""One static training step whose Adam update covers a 800x500 parameter (the main job's
largest), best of 5 x 50 steps:

    OMP_NUM_THREADS=1 PYTHONPATH=build/python python3 benchmarks/adam_step_bench.py
"""
import time, numpy as np, paddle
paddle.enable_static()
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data("x", [1, 800], "float32")
    w = paddle.create_parameter([800, 500], "float32")
    loss = paddle.mean(paddle.matmul(x, w))
    paddle.optimizer.Adam(0.001).minimize(loss)
exe = paddle.static.Executor(paddle.CPUPlace()); exe.run(startup)
feed = {"x": np.ones((1, 800), "float32")}
for _ in range(20): exe.run(main, feed=feed)
best = 1e9
for _ in range(5):
    s = time.perf_counter()
    for _ in range(50): exe.run(main, feed=feed)
    best = min(best, (time.perf_counter() - s) / 50)
print(f"step with Adam on 400k params: {best*1e3:.3f} ms")
