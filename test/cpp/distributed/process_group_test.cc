// The TCP rendezvous store and the Gloo process group, with the ranks as threads of this
// process (Gloo keeps one context per group object, so threads stand in for processes).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/distributed/process_group_gloo.h"
#include "paddle/distributed/tcp_store.h"
#include "paddle/phi/core/allocator.h"

namespace paddle {
namespace distributed {
namespace {

using std::chrono::milliseconds;

phi::DenseTensor Filled(std::vector<float> values) {
  phi::DenseTensor t(phi::DataType::FLOAT32, phi::DDim({static_cast<int64_t>(values.size())}));
  float* p = t.mutable_data<float>(phi::GetCPUAllocator());
  for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
  return t;
}

std::vector<float> Values(const phi::DenseTensor& t) {
  const float* p = t.data<float>();
  return std::vector<float>(p, p + t.numel());
}

// Runs fn(rank, store) on `n` threads, each with its own store client (rank 0 the master).
void RunRanks(int n, milliseconds timeout,
              const std::function<void(int, std::shared_ptr<TCPStore>)>& fn) {
  auto master = std::make_shared<TCPStore>("127.0.0.1", 0, true, 0, timeout);
  std::vector<std::thread> threads;
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([&, r] {
      auto store = r == 0
                       ? master
                       : std::make_shared<TCPStore>("127.0.0.1", master->port(), false, r, timeout);
      fn(r, store);
    });
  }
  for (auto& t : threads) t.join();
}

TEST(TCPStore, SetGetAddCheckAndWaitingGet) {
  TCPStore master("127.0.0.1", 0, true, 0, milliseconds(5000));
  TCPStore client("127.0.0.1", master.port(), false, 1, milliseconds(5000));
  std::thread setter([&] {
    std::this_thread::sleep_for(milliseconds(100));
    master.set("late", {'o', 'k'});
  });
  EXPECT_EQ(client.get("late"), std::vector<char>({'o', 'k'}));  // waits for the set
  setter.join();
  EXPECT_EQ(client.add("n", 2), 2);
  EXPECT_EQ(master.add("n", 5), 7);
  EXPECT_TRUE(client.check({"late", "n"}));
  EXPECT_FALSE(client.check({"late", "missing"}));
  EXPECT_TRUE(master.dead_ranks().empty());
}

TEST(TCPStore, GetTimesOutNamingTheKeyAndMissingMasterIsNamed) {
  TCPStore master("127.0.0.1", 0, true, 0, milliseconds(300));
  try {
    master.get("never");
    FAIL() << "a get of a key never set did not time out";
  } catch (const common::ExecutionTimeoutError& e) {
    EXPECT_NE(std::string(e.what()).find("never"), std::string::npos) << e.what();
  }
  const int port = master.port();
  try {
    TCPStore orphan("127.0.0.1", port + 1 == 65536 ? 1 : port + 1, false, 3, milliseconds(300));
    FAIL() << "connecting to no master did not fail";
  } catch (const common::ExecutionTimeoutError& e) {
    EXPECT_NE(std::string(e.what()).find("rank 0"), std::string::npos) << e.what();
  }
}

TEST(TCPStore, AClientThatVanishesIsReportedAndAGoodbyeIsNot) {
  TCPStore master("127.0.0.1", 0, true, 0, milliseconds(5000));
  { TCPStore polite("127.0.0.1", master.port(), false, 1, milliseconds(5000)); }  // goodbye
  auto vanished =
      std::make_unique<TCPStore>("127.0.0.1", master.port(), false, 2, milliseconds(5000));
  vanished->MarkFailing();  // an exit by a reported error: not vanished either
  vanished.reset();
  EXPECT_TRUE(master.dead_ranks().empty());
  // A process that exits without a goodbye (as a crash does) is reported.
  pid_t child = fork();
  if (child == 0) {
    TCPStore crashing("127.0.0.1", master.port(), false, 5, milliseconds(5000));
    _exit(0);  // no destructor: no goodbye
  }
  ASSERT_GT(child, 0);
  waitpid(child, nullptr, 0);
  std::vector<int> dead;
  for (int i = 0; i < 100 && dead.empty(); ++i) {
    std::this_thread::sleep_for(milliseconds(20));
    dead = master.dead_ranks();
  }
  EXPECT_EQ(dead, std::vector<int>({5}));
}

// Sends `bytes` to the store at `port` from a raw socket, then closes it.
void SendRaw(int port, const std::string& bytes) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  ::inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
  ASSERT_EQ(::send(fd, bytes.data(), bytes.size(), 0), static_cast<ssize_t>(bytes.size()));
  std::this_thread::sleep_for(milliseconds(50));
  ::close(fd);
}

TEST(TCPStore, StrayClientsSpeakingAnotherProtocolDoNotStopTheServer) {
  TCPStore master("127.0.0.1", 0, true, 0, milliseconds(5000));
  SendRaw(master.port(), std::string("S\0\0\0\0", 5));  // a set without its key and value
  SendRaw(master.port(), "GET / HTTP/1.1\r\n\r\n");     // an unknown command
  SendRaw(master.port(), std::string("G\1\0\0\0\xff\xff\xff\x7f", 9));  // a 2 GB key announced
  TCPStore client("127.0.0.1", master.port(), false, 1, milliseconds(5000));
  client.set("still", {'u', 'p'});
  EXPECT_EQ(master.get("still"), std::vector<char>({'u', 'p'}));
}

TEST(ProcessGroupGloo, CollectivesOnThreeRanks) {
  RunRanks(3, milliseconds(20000), [](int r, std::shared_ptr<TCPStore> store) {
    ProcessGroupGloo pg(store, r, 3, "test", "127.0.0.1", milliseconds(20000));
    phi::DenseTensor x = Filled({1.0f + r, 10.0f * r});
    pg.AllReduce(&x, phi::distributed::ReduceOp::kSum);
    EXPECT_EQ(Values(x), std::vector<float>({6, 30}));
    phi::DenseTensor m = Filled({1.0f * r, -1.0f * r});
    pg.AllReduce(&m, phi::distributed::ReduceOp::kMax);
    EXPECT_EQ(Values(m), std::vector<float>({2, 0}));
    phi::DenseTensor b = Filled({1.0f * r, 2.0f * r});
    pg.Broadcast(&b, 2);
    EXPECT_EQ(Values(b), std::vector<float>({2, 4}));
    phi::DenseTensor g = Filled({0, 0, 0});
    pg.AllGather(Filled({1.0f * r}), &g);
    EXPECT_EQ(Values(g), std::vector<float>({0, 1, 2}));
    phi::DenseTensor part = Filled({0});
    pg.ReduceScatter(Filled({1.0f, 2.0f, 3.0f}), &part, phi::distributed::ReduceOp::kSum);
    EXPECT_EQ(Values(part), std::vector<float>({3.0f * (r + 1)}));
    pg.Barrier();
    // A ring of sends.
    phi::DenseTensor in = Filled({0, 0});
    if (r % 2 == 0) {
      pg.Send(Filled({1.0f * r, 1.0f}), (r + 1) % 3);
      pg.Recv(&in, (r + 2) % 3);
    } else {
      pg.Recv(&in, (r + 2) % 3);
      pg.Send(Filled({1.0f * r, 1.0f}), (r + 1) % 3);
    }
    EXPECT_EQ(Values(in), std::vector<float>({1.0f * ((r + 2) % 3), 1.0f}));
    EXPECT_THROW(pg.Send(Filled({1}), r), common::InvalidArgumentError);
    EXPECT_THROW(pg.Broadcast(&b, 3), common::InvalidArgumentError);
  });
}

TEST(ProcessGroupGloo, AMissingRankTimesOutNamingIt) {
  TCPStore master("127.0.0.1", 0, true, 0, milliseconds(5000));
  try {
    ProcessGroupGloo pg(std::shared_ptr<TCPStore>(&master, [](TCPStore*) {}), 0, 2, "lonely",
                        "127.0.0.1", milliseconds(300));
    FAIL() << "a group whose rank 1 never comes did not time out";
  } catch (const common::ExecutionTimeoutError& e) {
    EXPECT_NE(std::string(e.what()).find("[1]"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace distributed
}  // namespace paddle
