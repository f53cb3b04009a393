"""Predictor inputs copied against bound in place, alternated run by run in one process:
`copy_from_cpu` on each input handle then `run()` (a copy of every input, as `run(arrays)` did
before the seventh session) against `run(arrays)` (C-contiguous arrays of the input's element
type bound where they are). Prints the median ms of each and their ratio (bound / copied).

    PYTHONPATH=build/python python3 benchmarks/input_binding_ab.py mobilenet_v3_small 1 300
"""
import os
import statistics
import sys
import time

import numpy as np

import paddle

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                        "fixtures", "paddle_models")
if not os.path.isdir(FIXTURES):
    FIXTURES = "/work/shared/fixtures/paddle_models"


def main():
    model, threads, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    prefix = os.path.join(FIXTURES, model)
    inputs = list(np.load(prefix + ".inputs.npz").values())
    config = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.set_cpu_math_library_num_threads(threads)
    pred = paddle.inference.create_predictor(config)
    handles = [pred.get_input_handle(n) for n in pred.get_input_names()]
    output = pred.get_output_handle(pred.get_output_names()[0])

    def copied():
        for handle, array in zip(handles, inputs):
            handle.reshape(list(array.shape))
            handle.copy_from_cpu(array)
        pred.run()
        return output.copy_to_cpu()

    def bound():
        return pred.run(inputs)[0]

    if not np.array_equal(copied(), bound()):
        raise SystemExit("the two ways give different outputs")
    times = {copied: [], bound: []}
    for _ in range(runs):
        for fn in (copied, bound):
            start = time.perf_counter()
            fn()
            times[fn].append(time.perf_counter() - start)
    a, b = (statistics.median(times[fn]) * 1e3 for fn in (copied, bound))
    print(f"{model} {threads} thread(s): copied {a:.3f} ms, bound {b:.3f} ms, ratio {b / a:.3f}")


if __name__ == "__main__":
    main()
