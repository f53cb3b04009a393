// Executor: runs programs in a scope, building each (program identity and generation, scope,
// place, fetch list) once into an Interpreter kept in a bounded LRU cache. The desc's uid is
// never reused and every mutator bumps its generation, so a key never names two contents and
// a run costs nothing proportional to the program's size.
#pragma once

#include <list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/executor/interpreter.h"

namespace paddle {
namespace executor {

class Executor {
 public:
  explicit Executor(const phi::Place& place, size_t cache_capacity = 16);

  // Runs block 0.
  std::vector<phi::DenseTensor> Run(const framework::ProgramDesc& program, framework::Scope* scope,
                                    const std::vector<std::pair<std::string, phi::DenseTensor>>& feeds,
                                    const std::vector<std::string>& fetch_names);
  Interpreter* GetOrBuild(const framework::ProgramDesc& program, framework::Scope* scope,
                          const std::vector<std::string>& fetch_names);
  size_t cache_size() const { return lru_.size(); }
  void ClearCache();
  int64_t last_peak_bytes() const { return last_peak_bytes_; }

 private:
  struct Entry {
    std::string key;
    uint64_t program_uid;
    uint64_t generation;
    std::unique_ptr<Interpreter> interpreter;
  };
  phi::Place place_;
  size_t capacity_;
  std::list<Entry> lru_;  // most recent first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  int64_t last_peak_bytes_ = 0;
};

}  // namespace executor
}  // namespace paddle
