// The TCP rendezvous store: a small key-value server that one process (the master, rank 0's)
// runs on a thread, and a client per process. Ranks exchange their transport addresses
// through it (Gloo's connectFullMesh), wait for each other, and ask it which ranks are gone
// when a collective fails: every client says its rank on connecting, and the server notes a
// connection that closes without a goodbye.
//
// Every wait has a timeout, so a missing rank or master is a typed error naming what was
// awaited, never a hang.
#pragma once

#include <gloo/rendezvous/store.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace paddle {
namespace distributed {

class TCPStoreServer;

class TCPStore : public gloo::rendezvous::Store {
 public:
  // Connects to host:port (retrying until `timeout` while the master starts); with
  // `is_master` first starts the server there (port 0: any free port, see port()). `rank`
  // is reported to the server for liveness (-1: none).
  TCPStore(const std::string& host, int port, bool is_master, int rank,
           std::chrono::milliseconds timeout);
  ~TCPStore() override;

  void set(const std::string& key, const std::vector<char>& value) override;
  // Waits (up to the timeout) for `key` to be set.
  std::vector<char> get(const std::string& key) override;
  void wait(const std::vector<std::string>& keys) override { wait(keys, timeout_); }
  void wait(const std::vector<std::string>& keys,
            const std::chrono::milliseconds& timeout) override;
  // Adds `delta` to the integer at `key` (0 when unset) and returns the sum.
  int64_t add(const std::string& key, int64_t delta);
  // Whether every key is set now (no waiting).
  bool check(const std::vector<std::string>& keys);
  // Ranks whose connection to the server closed without a goodbye (a crashed process).
  std::vector<int> dead_ranks();

  // Tells the server this process is ending by an error it reports itself (a failed
  // collective), so that its exit does not count it among the vanished ranks.
  void MarkFailing();
  // On the master, after a collective failed: waits (up to `limit`) until every other
  // connected rank has asked dead_ranks(), so that ranks failing later still learn who is
  // gone before this process (and the server with it) exits.
  void LingerForPeers(std::chrono::milliseconds limit);

  int port() const { return port_; }
  const std::string& host() const { return host_; }
  std::chrono::milliseconds timeout() const { return timeout_; }

 private:
  // One request, its reply read within the deadline (the lock held throughout).
  std::string Request(char cmd, const std::vector<std::string>& args,
                      std::chrono::milliseconds timeout, const std::string& what);
  void Connect();

  std::string host_;
  int port_;
  int rank_;
  std::chrono::milliseconds timeout_;
  std::unique_ptr<TCPStoreServer> server_;
  int fd_ = -1;
  bool broken_ = false;  // a request timed out mid-way: the stream is out of step
  std::mutex mu_;
};

}  // namespace distributed
}  // namespace paddle
