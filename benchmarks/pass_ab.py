"""One IR pass on and off, interleaved: a fixture model through two Predictors of the same
process, one with the default pipeline and one with PASS deleted, run alternately (so that the
host's drift hits both alike), at 1 and 2 threads. Prints the median and minimum of each and
checks that their outputs agree.

    PYTHONPATH=build/python python3 benchmarks/pass_ab.py [--model mobilenet_v2]
        [--pass mbconv_fuse_pass] [--runs 100] [--threads 1 2]

--model resnet50 takes the model `benchmarks/peer_models.sh` writes (build/peer_models), with
side_by_side.py's input for it.
"""
import argparse
import os
import statistics
import time

import numpy as np

import paddle

FIXTURES = os.environ.get(
    "PADDLE_FIXTURES",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "fixtures",
                 "paddle_models"))


def predictor(prefix, threads, deleted):
    cfg = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    cfg.disable_gpu()
    cfg.set_cpu_math_library_num_threads(threads)
    if deleted:
        cfg.delete_pass(deleted)
    return paddle.inference.create_predictor(cfg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="mobilenet_v2")
    ap.add_argument("--pass", dest="pass_name", default="mbconv_fuse_pass")
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    prefix = os.path.join(FIXTURES, args.model)
    if os.path.exists(prefix + ".inputs.npz"):
        x = list(np.load(prefix + ".inputs.npz").values())
    else:  # a peer model (side_by_side.py's files and input)
        import side_by_side
        prefix = side_by_side.model_files(args.model)[0]
        x = [side_by_side.make_input(args.model)[1]]
    for threads in args.threads:
        without = predictor(prefix, threads, args.pass_name)
        with_pass = predictor(prefix, threads, None)
        diff = np.abs(without.run(x)[0] - with_pass.run(x)[0]).max()
        times = {"without": [], "with": []}
        for _ in range(args.runs):
            for name, pred in (("without", without), ("with", with_pass)):
                start = time.perf_counter()
                pred.run(x)
                times[name].append((time.perf_counter() - start) * 1e3)
        a, b = times["without"], times["with"]
        print(f"{args.model}, {threads} thread(s), {args.runs} runs each: without {args.pass_name} "
              f"median {statistics.median(a):.2f} min {min(a):.2f} ms | with median "
              f"{statistics.median(b):.2f} min {min(b):.2f} ms | with/without "
              f"{statistics.median(b) / statistics.median(a):.3f} | outputs differ by {diff:.1e}")


if __name__ == "__main__":
    main()
