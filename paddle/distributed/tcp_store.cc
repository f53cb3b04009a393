#include "paddle/distributed/tcp_store.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>

#include "paddle/common/errors.h"

namespace paddle {
namespace distributed {

// Wire format: a request is one command byte, a uint32 argument count and the arguments,
// each a uint32 length and its bytes; a reply is a uint32 length and its bytes.
namespace {

enum Command : char {
  kHello = 'H',    // rank: liveness bookkeeping
  kSet = 'S',      // key, value
  kGet = 'G',      // key: the reply waits until the key is set
  kAdd = 'A',      // key, delta (decimal): the sum
  kCheck = 'C',    // keys: "1" when all are set
  kDead = 'D',     // the ranks that vanished, comma-separated
  kGoodbye = 'B',  // a clean close, or an exit by a reported error: not a vanished rank
};

using Clock = std::chrono::steady_clock;

void AppendU32(std::string* out, uint32_t v) {
  unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                        static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
  out->append(reinterpret_cast<char*>(b), 4);
}

uint32_t ReadU32(const std::string& in, size_t pos) {
  const auto* b = reinterpret_cast<const unsigned char*>(in.data() + pos);
  return b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
}

std::string Frame(const std::string& payload) {
  std::string out;
  AppendU32(&out, static_cast<uint32_t>(payload.size()));
  return out + payload;
}

bool WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// Parses one complete request from the front of `buf` (removing it); false if incomplete.
bool ParseRequest(std::string* buf, char* cmd, std::vector<std::string>* args) {
  if (buf->size() < 5) return false;
  uint32_t count = ReadU32(*buf, 1);
  size_t pos = 5;
  std::vector<std::string> out;
  for (uint32_t i = 0; i < count; ++i) {
    if (buf->size() < pos + 4) return false;
    uint32_t len = ReadU32(*buf, pos);
    pos += 4;
    if (buf->size() < pos + len) return false;
    out.push_back(buf->substr(pos, len));
    pos += len;
  }
  *cmd = (*buf)[0];
  *args = std::move(out);
  buf->erase(0, pos);
  return true;
}

std::string ErrnoText() { return std::strerror(errno); }

// Keys and values are addresses, ids and counters: far below this.
constexpr size_t kMaxRequestBytes = 64 << 20;

}  // namespace

// The server: one thread polling the listening socket, the clients and a wake-up pipe.
class TCPStoreServer {
 public:
  TCPStoreServer(const std::string& host, int port) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    PD_CHECK(listen_fd_ >= 0, Unavailable, "expected a socket for the rendezvous store, but got ",
             ErrnoText());
    int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    if (::inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1) addr.sin_addr.s_addr = INADDR_ANY;
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 ||
        ::listen(listen_fd_, 128) != 0) {
      std::string why = ErrnoText();
      ::close(listen_fd_);
      PD_CHECK(false, Unavailable, "expected the rendezvous store to listen on ", host, ":", port,
               ", but got: ", why, " (is another job using the port?)");
    }
    socklen_t len = sizeof(addr);
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    PD_CHECK(::pipe(wake_) == 0, Unavailable, "expected a pipe, but got ", ErrnoText());
    thread_ = std::thread([this] { Loop(); });
  }

  ~TCPStoreServer() {
    stop_ = true;
    char c = 0;
    (void)!::write(wake_[1], &c, 1);
    thread_.join();
    for (auto& [fd, client] : clients_) ::close(fd);
    ::close(listen_fd_);
    ::close(wake_[0]);
    ::close(wake_[1]);
  }

  int port() const { return port_; }

  // Whether every connected rank but `self` has asked which ranks are gone (or left).
  bool PeersAsked(int self) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [fd, client] : clients_)
      if (client.rank >= 0 && client.rank != self && !asked_.count(client.rank)) return false;
    return true;
  }

 private:
  struct Client {
    std::string in;
    int rank = -1;
    std::vector<std::string> waiting;  // keys of a pending get
  };

  void Loop() {
    while (!stop_) {
      std::vector<pollfd> fds = {{listen_fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
      for (auto& [fd, client] : clients_) fds.push_back({fd, POLLIN, 0});
      if (::poll(fds.data(), fds.size(), -1) < 0) continue;
      std::lock_guard<std::mutex> lock(mu_);
      if (fds[0].revents & POLLIN) {
        int fd = ::accept(listen_fd_, nullptr, nullptr);
        if (fd >= 0) {
          int one = 1;
          ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
          clients_[fd] = Client();
        }
      }
      for (size_t i = 2; i < fds.size(); ++i) {
        // A client dropped earlier in this round (a failed reply) is gone already.
        if (fds[i].revents == 0 || !clients_.count(fds[i].fd)) continue;
        char buf[4096];
        ssize_t n = ::recv(fds[i].fd, buf, sizeof(buf), 0);
        if (n <= 0) {
          Drop(fds[i].fd);
          continue;
        }
        Client& c = clients_[fds[i].fd];
        c.in.append(buf, static_cast<size_t>(n));
        if (c.in.size() > kMaxRequestBytes) {  // no request of ours is this large
          Drop(fds[i].fd);
          continue;
        }
        char cmd;
        std::vector<std::string> args;
        while (clients_.count(fds[i].fd) && ParseRequest(&c.in, &cmd, &args))
          Handle(fds[i].fd, cmd, args);
      }
    }
  }

  void Drop(int fd) {
    auto it = clients_.find(fd);
    if (it == clients_.end()) return;
    if (it->second.rank >= 0 && !goodbye_.count(fd)) dead_.insert(it->second.rank);
    goodbye_.erase(fd);
    ::close(fd);
    clients_.erase(it);
  }

  void Reply(int fd, const std::string& payload) {
    if (!WriteAll(fd, Frame(payload))) Drop(fd);
  }

  bool AllSet(const std::vector<std::string>& keys) const {
    for (const auto& k : keys)
      if (!data_.count(k)) return false;
    return true;
  }

  // Serves one request; a request that is not our protocol (a stray client, a port
  // scanner) drops that client and never stops the server.
  void Handle(int fd, char cmd, const std::vector<std::string>& args) {
    static const std::map<char, size_t> kArgs = {{kHello, 1}, {kSet, 2},  {kGet, 1},
                                                 {kAdd, 2},   {kDead, 0}, {kGoodbye, 0}};
    auto want = kArgs.find(cmd);
    if (cmd != kCheck && (want == kArgs.end() || args.size() != want->second)) {
      Drop(fd);
      return;
    }
    switch (cmd) {
      case kHello:
        clients_[fd].rank = std::atoi(args[0].c_str());
        Reply(fd, "");
        break;
      case kSet:
        data_[args.at(0)] = args.at(1);
        Reply(fd, "");
        WakeWaiters();
        break;
      case kGet:
        if (data_.count(args.at(0))) {
          Reply(fd, data_[args[0]]);
        } else {
          clients_[fd].waiting = {args[0]};
        }
        break;
      case kAdd: {
        int64_t sum = (data_.count(args.at(0)) ? std::atoll(data_[args[0]].c_str()) : 0) +
                      std::atoll(args.at(1).c_str());
        data_[args[0]] = std::to_string(sum);
        Reply(fd, data_[args[0]]);
        WakeWaiters();
        break;
      }
      case kCheck:
        Reply(fd, AllSet(args) ? "1" : "0");
        break;
      case kDead: {
        asked_.insert(clients_[fd].rank);
        std::string out;
        for (int r : dead_) out += (out.empty() ? "" : ",") + std::to_string(r);
        Reply(fd, out);
        break;
      }
      case kGoodbye:
        goodbye_.insert(fd);
        Reply(fd, "");
        break;
    }
  }

  void WakeWaiters() {
    std::vector<int> ready;
    for (auto& [fd, client] : clients_)
      if (!client.waiting.empty() && AllSet(client.waiting)) ready.push_back(fd);
    for (int fd : ready) {
      std::string key = clients_[fd].waiting[0];
      clients_[fd].waiting.clear();
      Reply(fd, data_[key]);
    }
  }

  int listen_fd_ = -1, port_ = 0;
  int wake_[2] = {-1, -1};
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::map<int, Client> clients_;
  std::map<std::string, std::string> data_;
  std::set<int> dead_;
  std::set<int> goodbye_;
  std::set<int> asked_;  // ranks that asked which ranks are gone
  std::mutex mu_;        // the state above, between the loop and PeersAsked
};

TCPStore::TCPStore(const std::string& host, int port, bool is_master, int rank,
                   std::chrono::milliseconds timeout)
    : host_(host), port_(port), rank_(rank), timeout_(timeout) {
  PD_CHECK(timeout.count() > 0, InvalidArgument, "expected a positive rendezvous timeout, but got ",
           timeout.count(), " ms");
  if (is_master) {
    server_ = std::make_unique<TCPStoreServer>(host, port);
    port_ = server_->port();
  }
  Connect();
  if (rank_ >= 0) Request(kHello, {std::to_string(rank_)}, timeout_, "hello");
}

TCPStore::~TCPStore() {
  if (fd_ >= 0) {
    if (!broken_) {
      try {
        Request(kGoodbye, {}, std::chrono::milliseconds(1000), "goodbye");
      } catch (const std::exception&) {
      }
    }
    ::close(fd_);
  }
  server_.reset();
}

void TCPStore::Connect() {
  addrinfo hints{}, *res = nullptr;
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  int rc = ::getaddrinfo(host_.c_str(), std::to_string(port_).c_str(), &hints, &res);
  PD_CHECK(rc == 0, InvalidArgument, "expected a resolvable rendezvous master address, but got '",
           host_, ":", port_, "': ", gai_strerror(rc));
  const auto deadline = Clock::now() + timeout_;
  std::string last_error;
  while (true) {
    int fd = ::socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    if (fd >= 0 && ::connect(fd, res->ai_addr, res->ai_addrlen) == 0) {
      int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      fd_ = fd;
      break;
    }
    last_error = ErrnoText();
    if (fd >= 0) ::close(fd);
    if (Clock::now() >= deadline) {
      ::freeaddrinfo(res);
      PD_CHECK(false, ExecutionTimeout, "expected the rendezvous master at ", host_, ":", port_,
               " to answer within ", timeout_.count() / 1000.0, " s (rank ", rank_,
               "), but it did not: ", last_error, " (is rank 0 running?)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::freeaddrinfo(res);
}

std::string TCPStore::Request(char cmd, const std::vector<std::string>& args,
                              std::chrono::milliseconds timeout, const std::string& what) {
  std::lock_guard<std::mutex> lock(mu_);
  PD_CHECK(!broken_ && fd_ >= 0, Unavailable, "expected a usable connection to the rendezvous ",
           "master ", host_, ":", port_, ", but an earlier request failed");
  std::string msg(1, cmd);
  AppendU32(&msg, static_cast<uint32_t>(args.size()));
  for (const auto& a : args) {
    AppendU32(&msg, static_cast<uint32_t>(a.size()));
    msg += a;
  }
  if (!WriteAll(fd_, msg)) {
    broken_ = true;
    PD_CHECK(false, Unavailable, "expected the rendezvous master ", host_, ":", port_,
             " to take a request (", what, "), but the connection is closed: ", ErrnoText(),
             " (rank 0 is gone?)");
  }
  const auto deadline = Clock::now() + timeout;
  std::string in;
  while (in.size() < 4 || in.size() < 4 + ReadU32(in, 0)) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    pollfd p{fd_, POLLIN, 0};
    int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      broken_ = true;
      PD_CHECK(false, ExecutionTimeout, "expected the rendezvous store to answer ", what,
               " within ", timeout.count() / 1000.0, " s (rank ", rank_, "), but it did not");
    }
    char buf[4096];
    ssize_t n = ::recv(fd_, buf, sizeof(buf), 0);
    if (n <= 0) {
      broken_ = true;
      PD_CHECK(false, Unavailable, "expected the rendezvous master ", host_, ":", port_,
               " to answer ", what, ", but the connection closed (rank 0 is gone?)");
    }
    in.append(buf, static_cast<size_t>(n));
  }
  return in.substr(4);
}

void TCPStore::set(const std::string& key, const std::vector<char>& value) {
  Request(kSet, {key, std::string(value.begin(), value.end())}, timeout_, "set '" + key + "'");
}

std::vector<char> TCPStore::get(const std::string& key) {
  std::string v = Request(kGet, {key}, timeout_, "get '" + key + "' (a rank has not arrived)");
  return std::vector<char>(v.begin(), v.end());
}

void TCPStore::wait(const std::vector<std::string>& keys,
                    const std::chrono::milliseconds& timeout) {
  const auto deadline = Clock::now() + timeout;
  for (const auto& key : keys) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    Request(kGet, {key}, std::max(left, std::chrono::milliseconds(1)),
            "wait for '" + key + "' (a rank has not arrived)");
  }
}

void TCPStore::MarkFailing() {
  try {
    Request(kGoodbye, {}, std::chrono::milliseconds(1000), "goodbye");
  } catch (const std::exception&) {
  }
}

void TCPStore::LingerForPeers(std::chrono::milliseconds limit) {
  if (server_ == nullptr) return;
  const auto deadline = Clock::now() + limit;
  while (!server_->PeersAsked(rank_) && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

int64_t TCPStore::add(const std::string& key, int64_t delta) {
  return std::atoll(Request(kAdd, {key, std::to_string(delta)}, timeout_, "add").c_str());
}

bool TCPStore::check(const std::vector<std::string>& keys) {
  return Request(kCheck, keys, timeout_, "check") == "1";
}

std::vector<int> TCPStore::dead_ranks() {
  std::string s = Request(kDead, {}, std::chrono::milliseconds(2000), "which ranks are gone");
  std::vector<int> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) comma = s.size();
    out.push_back(std::atoi(s.substr(pos, comma - pos).c_str()));
    pos = comma + 1;
  }
  return out;
}

}  // namespace distributed
}  // namespace paddle
