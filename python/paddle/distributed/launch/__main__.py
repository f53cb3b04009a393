"""Entry point of `python -m paddle.distributed.launch`."""
import sys

from paddle.distributed.launch.main import launch

if __name__ == "__main__":
    sys.exit(launch())
