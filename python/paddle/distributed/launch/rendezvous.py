"""Ports, addresses and the node rendezvous of a multi-node job.

The launcher of node rank 0 listens at --master; every other node's launcher connects, sends
one JSON line (job id, node count, requested node rank, host, its workers' endpoints) and gets
one JSON line back once all nodes have joined: its node rank, every node's endpoints in node
rank order, and PADDLE_MASTER (the master IP with a free port node 0 picked, so that the
collectives' TCP store never shares the rendezvous port). The connections then stay open as a
job channel: a node reports "done" or "failed" when its workers end, node 0 tells the others
to "abort" when any node fails or its launcher disappears, so no node waits for a dead peer.
"""
import json
import select
import socket
import time

_MAX_MESSAGE = 1 << 20


class RendezvousError(RuntimeError):
    """The nodes could not agree (timeout, unreachable master, conflicting arguments)."""


def free_ports(ip, count):
    """`count` distinct ports that are free on `ip` right now: bind each to port 0 and read it
    back; all are held until every one is picked so that they differ."""
    socks = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            socks.append(s)
            s.bind((ip, 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def local_ip_towards(ip):
    """This machine's address on the route to `ip` (a UDP connect sends nothing)."""
    if ip.startswith("127."):
        return "127.0.0.1"
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((ip, 9))
        return s.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        s.close()


def _is_local(ip, node_ip):
    if ip.startswith("127.") or ip == node_ip:
        return True
    try:
        return ip in socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return False


def send_message(sock, message):
    try:
        sock.sendall((json.dumps(message) + "\n").encode())
        return True
    except OSError:
        return False


class _LineReader:
    """Splits one socket's byte stream into JSON messages (one per line)."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.closed = False

    def read(self, deadline=None):
        """The next message; None on EOF, or when `deadline` (time.monotonic()) passes (then
        `closed` stays False). deadline=None: return None at once if nothing is buffered."""
        while b"\n" not in self.buffer:
            if self.closed:
                return None
            wait = 0.0 if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([self.sock], [], [], wait)[0]:
                return None
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
                return None
            self.buffer += chunk
            if len(self.buffer) > _MAX_MESSAGE:
                raise RendezvousError("rendezvous message too long")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return json.loads(line.decode())
        except ValueError as e:
            raise RendezvousError(f"malformed rendezvous message {line[:200]!r}: {e}") from None


class NodeInfo:
    """What one node contributes: its host and its workers' endpoints."""

    def __init__(self, host, endpoints):
        self.host = host
        self.endpoints = list(endpoints)


class Rendezvous:
    """Result of the node rendezvous plus the job channel to the other launchers."""

    def __init__(self, node_rank, nodes, master, peers, is_server):
        self.node_rank = node_rank
        self.nodes = nodes  # [NodeInfo] in node rank order
        self.master = master  # "ip:port" given to the workers as PADDLE_MASTER
        self.is_server = is_server
        self._peers = peers  # server: {node rank: _LineReader}; client: {0: _LineReader}
        self._finished = set()  # server: clients that reported done

    # --- job channel -----------------------------------------------------------------------
    def poll(self):
        """Non-blocking: None while the other nodes are fine, else a message why this node must
        stop its workers. The server also forwards a failure to every other node."""
        for rank, reader in list(self._peers.items()):
            if rank in self._finished:
                continue
            reason = None
            while True:
                try:
                    message = reader.read()
                except RendezvousError as e:
                    reason = f"bad message from node {rank}: {e}"
                    break
                if message is None:
                    break
                event = message.get("event") if isinstance(message, dict) else None
                if event == "done":
                    self._finished.add(rank)
                    break
                if event in ("failed", "abort"):
                    reason = message.get("reason", f"node {rank} failed")
                    break
            if reason is None and reader.closed and rank not in self._finished:
                reason = (f"the launcher of node {rank} disconnected" if self.is_server
                          else "lost the connection to the rendezvous master (node 0)")
            if reason is not None:
                if self.is_server:
                    self._finished.add(rank)
                    self.abort(reason)
                return reason
        return None

    def report(self, ok, reason=""):
        """Tells the other nodes how this node's workers ended (a client tells node 0)."""
        if self.is_server:
            if not ok:
                self.abort(reason)
            return
        send_message(self._peers[0].sock, {"event": "done"} if ok
                     else {"event": "failed", "reason": reason})

    def abort(self, reason):
        for rank, reader in self._peers.items():
            if rank not in self._finished:
                send_message(reader.sock, {"event": "abort", "reason": reason})

    def pending(self):
        """Node 0: ranks of the nodes whose launchers have not reported yet ([] elsewhere)."""
        return sorted(set(self._peers) - self._finished) if self.is_server else []

    def close(self):
        for reader in self._peers.values():
            reader.sock.close()
        self._peers = {}


def single_node(host, endpoints, master):
    return Rendezvous(0, [NodeInfo(host, endpoints)], master, {}, True)


def _listen(ip, port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # A restarted job must be able to listen again while old connections sit in TIME_WAIT.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind((ip, port))
        s.listen(128)
    except OSError:
        s.close()
        raise
    return s


def rendezvous(job_id, nnodes, rank, host, endpoints, master, timeout, log):
    """Runs the node rendezvous at `master` (ip, port); returns a Rendezvous. rank -1: node 0
    is whichever launcher on the master's machine binds the master port first."""
    master_ip, master_port = master
    listener = None
    if rank == 0 or (rank < 0 and _is_local(master_ip, host)):
        try:
            listener = _listen(master_ip, master_port)
        except OSError as e:
            if rank == 0:
                raise RendezvousError(f"node rank 0 cannot listen on the master address "
                                      f"{master_ip}:{master_port}: {e.strerror or e}") from None
    deadline = time.monotonic() + timeout
    me = {"job_id": job_id, "nnodes": nnodes, "rank": rank, "host": host,
          "endpoints": endpoints}
    if listener is not None:
        return _serve(listener, me, master_ip, deadline, timeout, log)
    return _join(me, master_ip, master_port, deadline, timeout, log)


def _serve(listener, me, master_ip, deadline, timeout, log):
    nnodes = me["nnodes"]
    log(f"rendezvous master listening on {master_ip}:{listener.getsockname()[1]}, "
        f"waiting for {nnodes - 1} more node(s)")
    joined = []  # (message, reader) of the other nodes, in arrival order
    try:
        while len(joined) < nnodes - 1:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([listener], [], [], remaining)[0]:
                raise RendezvousError(
                    f"rendezvous timed out after {timeout} s: {len(joined) + 1} of {nnodes} "
                    "nodes joined; start the launcher on the other nodes with the same "
                    "--master and --nnodes")
            conn, _ = listener.accept()
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            reader = _LineReader(conn)
            try:
                message = reader.read(min(deadline, time.monotonic() + 10))
            except RendezvousError as e:
                message = str(e)
            error = _check_joiner(message, me, [m for m, _ in joined])
            if error:
                log(f"rejected a node: {error}")
                send_message(conn, {"ok": False, "error": error})
                conn.close()
                continue
            joined.append((message, reader))
            log(f"node {message['host']} joined ({len(joined) + 1}/{nnodes})")
    except BaseException:
        for _, reader in joined:
            send_message(reader.sock, {"ok": False, "error": "the rendezvous master gave up"})
            reader.sock.close()
        raise
    finally:
        listener.close()

    # Node 0 is the master; nodes that asked for a rank get it, the rest fill the free ranks
    # in arrival order.
    order = [None] * nnodes
    order[0] = (me, None)
    for message, reader in joined:
        if message["rank"] > 0:
            order[message["rank"]] = (message, reader)
    free = iter(i for i in range(nnodes) if order[i] is None)
    for message, reader in joined:
        if message["rank"] < 0:
            order[next(free)] = (message, reader)
    nodes = [NodeInfo(m["host"], m["endpoints"]) for m, _ in order]
    collective_master = f"{master_ip}:{free_ports(master_ip, 1)[0]}"
    reply = {"ok": True, "master": collective_master,
             "nodes": [{"host": n.host, "endpoints": n.endpoints} for n in nodes]}
    peers = {}
    for node_rank, (_, reader) in enumerate(order):
        if reader is not None:
            send_message(reader.sock, dict(reply, rank=node_rank))
            peers[node_rank] = reader
    return Rendezvous(0, nodes, collective_master, peers, True)


def _check_joiner(message, me, joined):
    if not isinstance(message, dict) or not {"job_id", "nnodes", "rank", "host",
                                             "endpoints"} <= set(message):
        return f"expected a launcher's join message, but got {str(message)[:200]!r}"
    if message["job_id"] != me["job_id"]:
        return f"--job_id {message['job_id']!r} differs from the master's {me['job_id']!r}"
    if message["nnodes"] != me["nnodes"]:
        return f"--nnodes {message['nnodes']} differs from the master's {me['nnodes']}"
    if not isinstance(message["rank"], int) or message["rank"] >= me["nnodes"]:
        return f"expected a node rank below {me['nnodes']}, but got {message['rank']!r}"
    if message["rank"] == 0:
        return ("--rank 0 is taken by the master node (the launcher listening on --master); "
                "give the other nodes --rank 1.. or -1")
    if message["rank"] > 0 and any(m["rank"] == message["rank"] for m in joined):
        return f"--rank {message['rank']} was already claimed by another node"
    return None


def _join(me, master_ip, master_port, deadline, timeout, log):
    last_error = None
    announced = False
    while True:
        try:
            conn = socket.create_connection((master_ip, master_port),
                                            timeout=max(0.1, min(5.0,
                                                                 deadline - time.monotonic())))
            break
        except OSError as e:
            last_error = e.strerror or str(e)
        if time.monotonic() >= deadline:
            raise RendezvousError(
                f"could not reach the rendezvous master {master_ip}:{master_port} within "
                f"{timeout} s (last error: {last_error}); start the launcher of node rank 0 "
                "there (--rank 0, or on the machine with the --master IP)")
        if not announced:
            log(f"waiting for the rendezvous master {master_ip}:{master_port} ...")
            announced = True
        time.sleep(0.2)
    conn.settimeout(None)
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    send_message(conn, me)
    reader = _LineReader(conn)
    reply = reader.read(deadline)
    if reply is None:
        conn.close()
        if reader.closed:
            raise RendezvousError(f"the rendezvous master {master_ip}:{master_port} closed "
                                  "the connection before all nodes joined")
        raise RendezvousError(f"rendezvous timed out after {timeout} s waiting for all "
                              f"{me['nnodes']} nodes to join at {master_ip}:{master_port}")
    if not reply.get("ok"):
        conn.close()
        raise RendezvousError(f"the rendezvous master {master_ip}:{master_port} refused this "
                              f"node: {reply.get('error')}")
    nodes = [NodeInfo(n["host"], n["endpoints"]) for n in reply["nodes"]]
    return Rendezvous(reply["rank"], nodes, reply["master"], {0: reader}, False)
