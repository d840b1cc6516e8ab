// Persistent worker pool that runs [0, total) in chunks on all cores.
#ifndef TILEC_RUNTIME_THREAD_POOL_H
#define TILEC_RUNTIME_THREAD_POOL_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <pthread.h>
#include <vector>

namespace tilec {

class ThreadPool {
public:
  /// Runs task(ctx, begin, end) over disjoint ranges covering [0, total).
  using Task = void (*)(void *ctx, int64_t begin, int64_t end);

  /// Starts `threads - 1` workers (the caller is the remaining thread).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// Number of threads that run tasks, the caller included.
  int threads() const { return int(workers.size()) + 1; }
  /// Runs a job and returns when every range is done. Thread-safe (jobs
  /// from several threads are serialized).
  void run(Task task, void *ctx, int64_t total);

private:
  static void *workerMain(void *self);
  void workerLoop();
  void work();

  std::vector<pthread_t> workers;
  std::mutex runMutex;
  std::mutex m;
  std::condition_variable wakeCv, doneCv;
  /// Job counter: bumped to publish a job (and to stop).
  alignas(64) std::atomic<uint64_t> word{0};
  /// Workers that joined the open job, | ClosedFlag once the caller has
  /// claimed its last chunk (late workers then stay out).
  std::atomic<int64_t> joined;
  /// Joined workers that have finished.
  std::atomic<int64_t> left{0};
  std::atomic<int> sleepers{0};
  std::atomic<bool> mainSleeping{false};
  std::atomic<bool> stopping{false};
  /// Next unclaimed index: on its own cache line, away from the flags the
  /// idle threads poll.
  alignas(64) std::atomic<int64_t> next{0};
  alignas(64) Task task = nullptr;
  void *ctx = nullptr;
  int64_t total = 0, chunk = 1;
};

} // namespace tilec

#endif
