// Persistent worker pool: spin briefly, then sleep on a condition variable.
#include "thread_pool.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#if defined(__linux__)
#include <sched.h>
#endif

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

constexpr int64_t ClosedFlag = int64_t(1) << 62;
constexpr int MaxThreads = 4096;

/// Argument of a new worker thread.
struct WorkerStart {
  ThreadPool *pool;
};

#if defined(__linux__)
/// Whether workers are pinned to CPUs: TILEC_PIN_THREADS=0 turns it off,
/// 1 (the default) on; anything else is reported and ignored.
bool pinningWanted() {
  const char *env = std::getenv("TILEC_PIN_THREADS");
  if (!env || !std::strcmp(env, "1"))
    return true;
  if (!std::strcmp(env, "0"))
    return false;
  std::fprintf(stderr, "tilec: ignoring TILEC_PIN_THREADS='%s' (expected 0 or 1)\n", env);
  return true;
}

/// The CPUs this process may run on, in order; empty when unknown.
std::vector<int> allowedCpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &set))
        cpus.push_back(cpu);
  return cpus;
}
#endif

} // namespace

ThreadPool::ThreadPool(int threads) : joined(ClosedFlag) {
  if (threads > MaxThreads)
    threads = MaxThreads;
  workers.reserve(threads > 1 ? size_t(threads - 1) : 0);
#if defined(__linux__)
  // With at most one thread per allowed CPU, worker i stays on the (i+1)-th
  // of them, so two workers never share a core while another idles and a
  // worker's data stays in its core's caches; the caller, the remaining
  // thread, is not pinned (it is the application's thread).
  std::vector<int> cpus;
  if (threads > 1 && pinningWanted())
    cpus = allowedCpus();
  bool pin = !cpus.empty() && size_t(threads) <= cpus.size();
#endif
  for (int i = 0; i + 1 < threads; ++i) {
    pthread_t t;
    [[maybe_unused]] pthread_attr_t attr;
    pthread_attr_t *attrs = nullptr;
#if defined(__linux__)
    if (pin && pthread_attr_init(&attr) == 0) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpus[size_t(i) + 1], &one);
      attrs = &attr;
      if (pthread_attr_setaffinity_np(&attr, sizeof(one), &one) != 0) {
        pthread_attr_destroy(&attr);
        attrs = nullptr; // Unpinned: still correct.
      }
    }
#endif
    auto *s = new (std::nothrow) WorkerStart{this};
    bool started = s && pthread_create(&t, attrs, workerMain, s) == 0;
    if (attrs)
      pthread_attr_destroy(attrs);
    if (!started) {
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
    word.fetch_add(1);
  }
  wakeCv.notify_all();
  for (pthread_t t : workers)
    pthread_join(t, nullptr);
}

void *ThreadPool::workerMain(void *arg) {
  WorkerStart s = *static_cast<WorkerStart *>(arg);
  delete static_cast<WorkerStart *>(arg);
  s.pool->workerLoop();
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

void ThreadPool::workerLoop() {
  // The value at construction: a job or stop published before this thread
  // started is still seen as a change.
  uint64_t seen = 0;
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
    // Join the open job unless the caller has already closed it.
    int64_t j = joined.load();
    while (!(j & ClosedFlag) && !joined.compare_exchange_weak(j, j + 1)) {
    }
    if (j & ClosedFlag)
      continue;
    work();
    left.fetch_add(1);
    if (mainSleeping.load()) {
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
  // About 16 chunks per thread: a thread the OS preempts (shared machines)
  // or one slowed by its neighbours then holds back only a small share.
  chunk = n / (threadsUsed * 16);
  if (chunk < 1)
    chunk = 1;
  next.store(0, std::memory_order_relaxed);
  left.store(0);
  joined.store(0); // Opens the job (publishes the fields above).
  word.fetch_add(1);
  if (sleepers.load() > 0) {
    std::lock_guard<std::mutex> l(m);
    wakeCv.notify_all();
  }
  work();
  // Every chunk is claimed: close the job and wait for the workers that
  // joined it (never for workers that are still waking up).
  int64_t helpers = joined.fetch_or(ClosedFlag);
  auto done = [&] { return left.load() == helpers; };
  if (!spinFor(done)) {
    std::unique_lock<std::mutex> l(m);
    mainSleeping.store(true);
    doneCv.wait(l, done);
    mainSleeping.store(false);
  }
}
