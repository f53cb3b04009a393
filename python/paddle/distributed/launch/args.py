"""Command line of the launcher: PaddlePaddle's argument names and PADDLE_* environment
fallbacks, checked up front so that a bad value is an argparse error (exit code 2) naming the
argument instead of a failure inside a worker."""
import argparse
import os
import socket

# Environment variables PaddlePaddle's launcher reads as defaults for its arguments (the
# command line wins). Only the ones whose arguments this launcher has.
_ENV_DEFAULTS = {
    "master": "PADDLE_MASTER",
    "nnodes": "PADDLE_NNODES",
    "nproc_per_node": "PADDLE_NPROC_PER_NODE",
    "rank": "PADDLE_RANK",
    "job_id": "PADDLE_JOB_ID",
    "log_dir": "PADDLE_LOG_DIR",
    "devices": "PADDLE_DEVICES",
    "host": "POD_IP",
}


def _bool(text):
    value = str(text).strip().lower()
    if value in ("1", "true", "yes", "on", "y", "t"):
        return True
    if value in ("0", "false", "no", "off", "n", "f"):
        return False
    raise argparse.ArgumentTypeError(f"expected a boolean (true/false/1/0), but got {text!r}")


def build_parser():
    parser = argparse.ArgumentParser(
        prog="python -m paddle.distributed.launch",
        description="Start a data-parallel training job: one worker process per local rank, "
        "each with PaddlePaddle's PADDLE_* environment.")
    parser.add_argument("--master", default=None,
                        help="ip:port of the rendezvous master (node rank 0); needed when "
                        "--nnodes > 1")
    parser.add_argument("--rank", default="-1",
                        help="rank of this node; -1 (default) lets the master assign it")
    parser.add_argument("--nnodes", default="1", help="number of nodes (default 1)")
    parser.add_argument("--nproc_per_node", default=None,
                        help="worker processes on this node (default: the number of --devices, "
                        "else 1)")
    parser.add_argument("--devices", "--gpus", "--xpus", "--npus", dest="devices", default=None,
                        help="comma-separated device ids, one worker each, e.g. 0,1")
    parser.add_argument("--log_dir", default="log",
                        help="directory of the workers' logs workerlog.<local rank> "
                        "(default ./log)")
    parser.add_argument("--log_overwrite", type=_bool, default=False,
                        help="truncate existing worker logs instead of appending (default false)")
    parser.add_argument("--job_id", default="default",
                        help="job name; nodes of one job must agree on it (default 'default')")
    parser.add_argument("--host", default=None,
                        help="this node's IP for the workers' endpoints (default: the address "
                        "that routes to --master, or 127.0.0.1 on a single node)")
    parser.add_argument("--rendezvous_timeout", default="60",
                        help="seconds to wait for all nodes to join (default 60)")
    parser.add_argument("training_script", help="the training script to run in every worker")
    parser.add_argument("training_script_args", nargs=argparse.REMAINDER,
                        help="arguments passed through to the training script")
    return parser


def _int_arg(parser, name, text, minimum):
    try:
        value = int(str(text).strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        parser.error(f"argument --{name}: expected an integer >= {minimum}, but got {text!r}")
    return value


def parse_address(parser, name, text):
    """'ip:port' -> (resolved IPv4 address, port); argparse error naming `name` otherwise."""
    host, sep, port_text = str(text).strip().rpartition(":")
    if "://" in str(text):
        parser.error(f"argument --{name}: expected ip:port, but got {text!r} "
                     "(etcd:// and http:// masters are not supported)")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        parser.error(f"argument --{name}: expected ip:port with a port in 1..65535, "
                     f"but got {text!r}")
    try:
        ip = socket.gethostbyname(host)
    except OSError:
        parser.error(f"argument --{name}: cannot resolve host {host!r} in {text!r}")
    return ip, int(port_text)


def parse_args(argv=None, environ=None):
    """Parses and checks the command line; returns an argparse.Namespace with typed fields
    (nnodes, nproc_per_node, rank, rendezvous_timeout as numbers; master as (ip, port) or None;
    devices as a list of strings or None)."""
    environ = os.environ if environ is None else environ
    parser = build_parser()
    defaults = {dest: environ[var] for dest, var in _ENV_DEFAULTS.items() if environ.get(var)}
    parser.set_defaults(**defaults)
    args = parser.parse_args(argv)

    args.nnodes = _int_arg(parser, "nnodes", args.nnodes, 1)
    args.rank = _int_arg(parser, "rank", args.rank, -1)
    if args.rank >= args.nnodes:
        parser.error(f"argument --rank: expected -1 or a node rank in 0..{args.nnodes - 1} "
                     f"(--nnodes {args.nnodes}), but got {args.rank}")
    args.rendezvous_timeout = _int_arg(parser, "rendezvous_timeout", args.rendezvous_timeout, 1)

    if args.devices is not None:
        devices = [d.strip() for d in str(args.devices).split(",")]
        if not all(d.isdigit() for d in devices):
            parser.error("argument --devices: expected comma-separated device ids like 0,1, "
                         f"but got {args.devices!r}")
        args.devices = devices
    if args.nproc_per_node is None:
        args.nproc_per_node = len(args.devices) if args.devices else 1
    else:
        args.nproc_per_node = _int_arg(parser, "nproc_per_node", args.nproc_per_node, 1)
        if args.devices and args.nproc_per_node not in (1, len(args.devices)):
            parser.error(f"argument --nproc_per_node: expected 1 or the number of --devices "
                         f"({len(args.devices)}), but got {args.nproc_per_node}")

    if args.master is not None:
        args.master = parse_address(parser, "master", args.master)
    elif args.nnodes > 1:
        parser.error(f"argument --master: required when --nnodes > 1 (got --nnodes "
                     f"{args.nnodes}); give every node the same ip:port of node rank 0")
    if args.host is not None:
        try:
            args.host = socket.gethostbyname(args.host)
        except OSError:
            parser.error(f"argument --host: cannot resolve {args.host!r}")
    if not args.log_dir:
        parser.error("argument --log_dir: expected a directory path, but got ''")
    if not args.job_id:
        parser.error("argument --job_id: expected a non-empty name, but got ''")
    if not os.path.isfile(args.training_script):
        parser.error(f"argument training_script: no such file: {args.training_script!r}")
    return args
