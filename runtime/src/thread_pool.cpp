// Persistent worker pool: spin briefly, then sleep on a condition variable.
#include "thread_pool.h"

#include <chrono>
#include <new>

using namespace tilec;

namespace {

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// Spins until pred() holds or about 50 microseconds pass.
template <typename Pred> bool spinFor(Pred pred) {
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::microseconds(50);
  for (unsigned i = 1;; ++i) {
    if (pred())
      return true;
    cpuRelax();
    if ((i & 63) == 0 && std::chrono::steady_clock::now() > deadline)
      return false;
  }
}

constexpr uint64_t ParticipantBits = 16;
constexpr uint64_t ParticipantMask = (uint64_t(1) << ParticipantBits) - 1;

/// Argument of a new worker thread.
struct WorkerStart {
  ThreadPool *pool;
  int index;
};

} // namespace

ThreadPool::ThreadPool(int threads) {
  if (threads > int(ParticipantMask))
    threads = int(ParticipantMask);
  workers.reserve(threads > 1 ? size_t(threads - 1) : 0);
  for (int i = 0; i + 1 < threads; ++i) {
    pthread_t t;
    auto *s = new (std::nothrow) WorkerStart{this, i};
    if (!s || pthread_create(&t, nullptr, workerMain, s) != 0) {
      delete s; // Fewer threads than asked: still correct.
      break;
    }
    workers.push_back(t);
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> l(m);
    stopping.store(true);
    word.fetch_add(uint64_t(1) << ParticipantBits);
  }
  wakeCv.notify_all();
  for (pthread_t t : workers)
    pthread_join(t, nullptr);
}

void *ThreadPool::workerMain(void *arg) {
  WorkerStart s = *static_cast<WorkerStart *>(arg);
  delete static_cast<WorkerStart *>(arg);
  s.pool->workerLoop(s.index);
  return nullptr;
}

void ThreadPool::work() {
  for (;;) {
    int64_t begin = next.fetch_add(chunk, std::memory_order_relaxed);
    if (begin >= total)
      return;
    int64_t end = begin + chunk < total ? begin + chunk : total;
    task(ctx, begin, end);
  }
}

void ThreadPool::workerLoop(int index) {
  uint64_t seen = word.load();
  for (;;) {
    auto changed = [&] { return word.load() != seen; };
    if (!spinFor(changed)) {
      std::unique_lock<std::mutex> l(m);
      sleepers.fetch_add(1);
      wakeCv.wait(l, changed);
      sleepers.fetch_sub(1);
    }
    seen = word.load();
    if (stopping.load())
      return;
    if (uint64_t(index) >= (seen & ParticipantMask))
      continue; // Not needed for this job.
    work();
    if (pending.fetch_sub(1) == 1 && mainSleeping.load()) {
      std::lock_guard<std::mutex> l(m);
      doneCv.notify_one();
    }
  }
}

void ThreadPool::run(Task t, void *c, int64_t n) {
  if (n <= 0)
    return;
  std::lock_guard<std::mutex> serial(runMutex);
  int64_t threadsUsed = threads() < n ? threads() : n;
  if (threadsUsed <= 1) { // Fast path: tiny grid or one thread.
    t(c, 0, n);
    return;
  }
  task = t;
  ctx = c;
  total = n;
  chunk = n / (threadsUsed * 4);
  if (chunk < 1)
    chunk = 1;
  next.store(0, std::memory_order_relaxed);
  uint64_t participants = uint64_t(threadsUsed - 1);
  pending.store(int(participants));
  uint64_t w = word.load();
  word.store(((w >> ParticipantBits) + 1) << ParticipantBits | participants);
  if (sleepers.load() > 0) {
    std::lock_guard<std::mutex> l(m);
    wakeCv.notify_all();
  }
  work();
  auto done = [&] { return pending.load() == 0; };
  if (!spinFor(done)) {
    std::unique_lock<std::mutex> l(m);
    mainSleeping.store(true);
    doneCv.wait(l, done);
    mainSleeping.store(false);
  }
}
