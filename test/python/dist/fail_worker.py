"""A rank of the failure tests: `kill V` makes rank V SIGKILL itself after init, `hang V`
makes it sleep instead of taking part, while the others all-reduce; `none` just joins (its
peer never comes). Exits 3 with the error on failure."""
import os
import signal
import sys
import time

import paddle
import paddle.distributed as dist


def main():
    mode = sys.argv[1]
    try:
        dist.init_parallel_env()
        r = dist.get_rank()
        if mode == "kill" and r == int(sys.argv[2]):
            time.sleep(0.5)
            os.kill(os.getpid(), signal.SIGKILL)
        if mode == "hang" and r == int(sys.argv[2]):
            time.sleep(60)
        x = paddle.ones([1000])
        for _ in range(100):
            dist.all_reduce(x)
            time.sleep(0.05)
    except Exception as e:  # noqa: BLE001 - the test reads the message
        print(f"{type(e).__name__}: {e}")
        sys.stdout.flush()
        os._exit(3)
    print("no failure")


if __name__ == "__main__":
    main()
