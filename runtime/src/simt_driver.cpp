// SIMT driver: the CPU SIMT emulator; each program's num_warps x warp_size
// threads run as fibers with emulated barriers, warp shuffles and shared
// memory.
//
// A module compiled with --target simt is a shared object like a CPU module
// (loaded by the shared host code) whose entry runs one thread of one program
// (tilec/simt.h). Programs are spread over the host thread pool; each pool
// thread runs its program's threads as fibers on stacks it keeps across
// programs, with a round-robin scheduler: a fiber runs until it waits at a
// barrier, a shuffle, a warp or warpgroup instruction or an mbarrier, fails,
// or returns. When no fiber can run but some have not returned, the block is
// stuck (a barrier reached by only part of the block, a shuffle from an
// inactive lane, an mbarrier phase that can never complete) and the launch
// fails, as it does on an out-of-bounds shared-memory access. TMA tensor
// copies land when their mbarrier phase completes.
#include "cpu_info.h"
#include "host_module.h"
#include "tilec/simt.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <new>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

// TILEC_SIMT_UCONTEXT forces the portable fiber switch (to test it on x86-64).
#if defined(__x86_64__) && !defined(TILEC_SIMT_UCONTEXT)
#define TILEC_SIMT_ASM_SWITCH 1
#else
#include <ucontext.h>
#endif

using namespace tilec;

namespace {

/// Threads of a warpgroup (four warps of 32 lanes), which run a wgmma together.
constexpr uint32_t kWarpgroupThreads = 128;

//===----------------------------------------------------------------------===//
// Fiber contexts: a hand-written switch on x86-64 (no signal-mask system
// call), ucontext elsewhere.
//===----------------------------------------------------------------------===//

#if TILEC_SIMT_ASM_SWITCH
extern "C" void tilec_simt_switch(void **save, void *load);
extern "C" void tilec_simt_fiber_start();
// tilec_simt_switch(save, load): pushes the callee-saved registers and the
// SSE/x87 control words, stores the stack pointer to *save, and resumes the
// stack `load` saved. A new fiber's stack holds a frame whose return address
// is tilec_simt_fiber_start, which calls r13(r12).
asm(R"(
  .text
  .p2align 4
  .globl tilec_simt_switch
  .hidden tilec_simt_switch
  .type tilec_simt_switch,@function
tilec_simt_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size tilec_simt_switch, .-tilec_simt_switch
  .p2align 4
  .globl tilec_simt_fiber_start
  .hidden tilec_simt_fiber_start
  .type tilec_simt_fiber_start,@function
tilec_simt_fiber_start:
  movq %r12, %rdi
  callq *%r13
  ud2
  .size tilec_simt_fiber_start, .-tilec_simt_fiber_start
)");

/// A suspended fiber (or scheduler): its saved stack pointer.
struct Context {
  void *sp = nullptr;
};

/// Makes `ctx` start `fn(arg)` on [stack, stack + size) when switched to.
void makeContext(Context &ctx, char *stack, size_t size, void (*fn)(void *),
                 void *arg) {
  uintptr_t top =
      (reinterpret_cast<uintptr_t>(stack) + size - 16) & ~uintptr_t(15);
  auto *frame = reinterpret_cast<uint64_t *>(top - 64);
  frame[0] = 0x1F80 | uint64_t(0x037F) << 32; // default MXCSR, x87 control word
  frame[1] = frame[2] = frame[5] = frame[6] = 0; // r15, r14, rbx, rbp
  frame[3] = reinterpret_cast<uint64_t>(fn);     // r13
  frame[4] = reinterpret_cast<uint64_t>(arg);    // r12
  frame[7] = reinterpret_cast<uint64_t>(&tilec_simt_fiber_start);
  ctx.sp = frame;
}

void switchContext(Context &from, Context &to) {
  tilec_simt_switch(&from.sp, to.sp);
}
#else
struct Context {
  ucontext_t uc;
};

/// The function fibers start with (always the same one).
std::atomic<void (*)(void *)> startFn{nullptr};

/// makecontext passes int arguments: the pointer comes in two halves.
void startFiber(unsigned hi, unsigned lo) {
  startFn.load(std::memory_order_relaxed)(
      reinterpret_cast<void *>(uintptr_t(hi) << 32 | lo));
}

void makeContext(Context &ctx, char *stack, size_t size, void (*fn)(void *),
                 void *arg) {
  startFn.store(fn, std::memory_order_relaxed);
  getcontext(&ctx.uc);
  ctx.uc.uc_stack.ss_sp = stack;
  ctx.uc.uc_stack.ss_size = size;
  ctx.uc.uc_link = nullptr;
  auto bits = reinterpret_cast<uintptr_t>(arg);
  makecontext(&ctx.uc, reinterpret_cast<void (*)()>(startFiber), 2,
              unsigned(bits >> 32), unsigned(bits & 0xffffffffu));
}

void switchContext(Context &from, Context &to) {
  swapcontext(&from.uc, &to.uc);
}
#endif

//===----------------------------------------------------------------------===//
// Launches, programs and threads
//===----------------------------------------------------------------------===//

/// `void __tilec_simt_entry_NAME(void **args, const int32_t grid[3], const
/// int32_t pid[3], tilec_simt_thread *ctx)`.
using EntryFn = void (*)(void **, const int32_t *, const int32_t *,
                         tilec_simt_thread *);

/// One launch: what every program runs, and its first error.
struct Launch {
  EntryFn fn;
  void **args;
  int32_t grid[3];
  uint32_t numThreads, warpSize;
  uint64_t sharedBytes;
  AssertRecord asserts;
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  std::string error;
  int64_t moreErrors = 0;

  void fail(const std::string &message) {
    std::lock_guard<std::mutex> lock(errorMutex);
    if (failed.load(std::memory_order_relaxed)) {
      ++moreErrors;
      return;
    }
    error = message;
    failed.store(true, std::memory_order_release);
  }
};

enum class State : uint8_t {
  Ready,
  AtBarrier,
  InShuffle,
  InMma,
  InLdmatrix,
  InWgmma,
  InMbarrierWait,
  Done
};

struct Program;

/// One emulated thread: the context its kernel code sees, and its fiber.
struct SimtThread {
  tilec_simt_thread ctx;
  Context context;
  Program *program;
  State state;
  /// The current shuffle: this lane's value, the lane it reads, the result,
  /// and where in the kernel it was called.
  uint32_t value, source, result;
  void *site;
  /// The current mma.sync: its kind and this lane's fragments.
  uint32_t mmaKind;
  tilec_simt_mma_fragments *fragments;
  /// The current ldmatrix: its shape, this lane's row address and its result.
  uint32_t ldShape;
  const char *ldRow;
  uint32_t *ldOut;
  /// The current MFMA's registers of this lane (its kind is in mmaKind).
  tilec_simt_mfma_fragments *mfmaFragments;
  /// The current wgmma (kind in mmaKind): its descriptors, shape and this
  /// thread's accumulators.
  uint64_t wgmmaDescA, wgmmaDescB;
  uint32_t wgmmaShape;
  float *wgmmaD;
  /// cp.async copies that have not landed: the data read at issue, where it
  /// goes, and the group it belongs to (groupsCommitted when not committed).
  struct PendingCopy {
    char *dst;
    uint32_t bytes;
    uint32_t group;
    unsigned char data[16];
  };
  std::vector<PendingCopy> pendingCopies;
  uint32_t groupsCommitted = 0;
  /// wgmma groups this thread has committed, and those it has waited for.
  uint32_t wgmmaCommitted = 0, wgmmaWaited = 0;
  /// The mbarrier wait in progress: the barrier's shared offset and the
  /// number of the phase the thread waits to see completed.
  uint64_t mbarrierOffset = 0, mbarrierPhase = 0;
};

/// Shared bytes [begin, end) that a warpgroup's wgmma read, claimed until
/// every thread of the warpgroup has waited for `group`.
struct WgmmaClaim {
  uint32_t group;
  uint64_t begin, end;
};

/// A cp.async.bulk.tensor copy that has not landed: the box read from global
/// memory at issue (row-major, dimension 0 contiguous, not yet swizzled),
/// where it goes and how, and the thread that issued it.
struct TmaCopy {
  uint64_t dstOffset;
  uint32_t swizzle;
  uint32_t issuer;
  std::vector<unsigned char> box;
};

/// An mbarrier, as the driver keeps it (its 8 bytes in shared memory stay
/// unused): arrivals per phase, the number of the current phase (its parity
/// is phase & 1), the arrivals it still needs, the transaction bytes
/// expected (mbarrier.arrive.expect_tx) and those the copies issued against
/// it bring, and those copies.
struct Mbarrier {
  uint32_t count = 0, pending = 0;
  uint64_t phase = 0;
  uint64_t expectedTx = 0, copiedTx = 0;
  std::vector<TmaCopy> copies;
};

/// The program a pool thread is running, with the fibers and shared memory
/// it reuses from program to program.
struct Program {
  Launch *launch = nullptr;
  int32_t pid[3] = {0, 0, 0};
  std::vector<SimtThread> threads;
  /// Lanes of each warp waiting in a shuffle, and in an mma.sync or ldmatrix
  /// (one count for both, so lanes that diverge between them are caught);
  /// threads of each warpgroup waiting in a wgmma.
  std::vector<uint32_t> warpArrived, mmaArrived, groupArrived;
  /// Per warpgroup: the shared bytes its unfinished wgmma groups read.
  std::vector<std::vector<WgmmaClaim>> wgmmaClaims;
  /// The program's initialized mbarriers, by shared offset.
  std::unordered_map<uint64_t, Mbarrier> mbarriers;
  uint32_t atBarrier = 0, done = 0;
  bool failed = false;
  Context scheduler;
  std::vector<char *> stacks;
  size_t stackSize = 0;
  char *shared = nullptr;
  size_t sharedCapacity = 0;

  ~Program() {
    for (char *stack : stacks)
      munmap(stack - pageSize(), stackSize + pageSize());
    std::free(shared);
  }

  static size_t pageSize() {
    static const size_t size = size_t(sysconf(_SC_PAGESIZE));
    return size;
  }

  /// Sizes the fibers and shared memory for `l`; an error message if the
  /// memory cannot be had.
  std::string prepare(Launch &l);
  void run(Launch &l, const int32_t programId[3]);
  std::string where(const SimtThread *t) const;
  /// Records `message` (about thread `t`, or the block when null) as the
  /// program's failure.
  void fail(const SimtThread *t, const std::string &message);
  /// Why no thread can run, and the thread it is about (null: the block).
  std::string stuckMessage(const SimtThread *&about) const;
  /// Reports a failure of `writer` and returns true when shared bytes
  /// [offset, offset + bytes), which its `what` (cp.async,
  /// cp.async.bulk.tensor) writes, overlap bytes an unfinished wgmma reads.
  bool reportWgmmaOverwrite(const SimtThread *writer, const char *what, uint64_t offset,
                            uint64_t bytes);
  /// Completes the current phase of `barrier` (at shared `offset`) if it has
  /// had all its arrivals and its copies brought the transaction bytes
  /// expected: lands the copies in issue order, moves to the next phase and
  /// wakes the threads waiting for it. Returns false after reporting a
  /// failure (more bytes copied than expected, or a copy into bytes an
  /// unfinished wgmma reads) about `t`, the thread that arrived or copied.
  bool completeMbarrierPhase(const SimtThread *t, uint64_t offset, Mbarrier &barrier);
};

/// Fiber stack size: TILEC_SIMT_STACK_KB, else 1 MiB (a kernel that keeps
/// whole tiles in one thread needs deep frames).
size_t fiberStackSize() {
  static const size_t size = [] {
    const char *env = std::getenv("TILEC_SIMT_STACK_KB");
    long kb = env ? std::atol(env) : 0;
    size_t bytes = size_t(kb > 0 ? kb : 1024) * 1024;
    size_t page = Program::pageSize();
    return (bytes + page - 1) / page * page;
  }();
  return size;
}

std::string Program::prepare(Launch &l) {
  if (stackSize != fiberStackSize()) {
    for (char *stack : stacks)
      munmap(stack - pageSize(), stackSize + pageSize());
    stacks.clear();
    stackSize = fiberStackSize();
  }
  while (stacks.size() < l.numThreads) {
    // A guard page below each stack turns an overflow into a fault at once.
    void *map =
        mmap(nullptr, stackSize + pageSize(), PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (map == MAP_FAILED)
      return "simt: cannot map " + std::to_string(l.numThreads) +
             " fiber stacks of " + std::to_string(stackSize / 1024) + " KiB";
    mprotect(map, pageSize(), PROT_NONE);
    stacks.push_back(static_cast<char *>(map) + pageSize());
  }
  size_t sharedNeeded = (l.sharedBytes + 63) / 64 * 64 + 64;
  if (sharedCapacity < sharedNeeded) {
    std::free(shared);
    shared = static_cast<char *>(std::aligned_alloc(64, sharedNeeded));
    sharedCapacity = shared ? sharedNeeded : 0;
    if (!shared)
      return "simt: cannot allocate " + std::to_string(l.sharedBytes) +
             " bytes of shared memory";
  }
  threads.resize(l.numThreads);
  warpArrived.assign(l.numThreads / l.warpSize, 0);
  mmaArrived.assign(l.numThreads / l.warpSize, 0);
  groupArrived.assign((l.numThreads + kWarpgroupThreads - 1) / kWarpgroupThreads, 0);
  wgmmaClaims.assign(groupArrived.size(), {});
  return "";
}

std::string Program::where(const SimtThread *t) const {
  std::string text = "program (" + std::to_string(pid[0]) + ", " +
                     std::to_string(pid[1]) + ", " + std::to_string(pid[2]) +
                     ")";
  if (t)
    text += ", thread " + std::to_string(t->ctx.thread_id);
  return text;
}

void Program::fail(const SimtThread *t, const std::string &message) {
  failed = true;
  launch->fail(where(t) + ": " + message);
}

/// Suspends the calling fiber and resumes the scheduler.
void yield(SimtThread *t) { switchContext(t->context, t->program->scheduler); }

/// Leaves the calling fiber for good: its kernel returned, or its program
/// failed (callers report the failure first, in a statement of their own, so
/// that no temporary of theirs stays alive on the abandoned stack).
[[noreturn]] void abandon(SimtThread *t) {
  yield(t); // never resumed
  std::abort();
}

SimtThread *self(tilec_simt_thread *ctx) {
  return static_cast<SimtThread *>(ctx->runtime);
}

void fiberMain(void *arg) {
  auto *t = static_cast<SimtThread *>(arg);
  Program &p = *t->program;
  Launch &l = *p.launch;
  l.fn(l.args, l.grid, p.pid, &t->ctx);
  t->state = State::Done;
  ++p.done;
  abandon(t);
}

void barrierCallback(tilec_simt_thread *ctx) {
  SimtThread *t = self(ctx);
  Program &p = *t->program;
  if (++p.atBarrier < p.launch->numThreads) {
    t->state = State::AtBarrier;
    yield(t);
    return;
  }
  // The last thread to arrive releases the others and goes on.
  p.atBarrier = 0;
  for (SimtThread &other : p.threads)
    if (other.state == State::AtBarrier)
      other.state = State::Ready;
}

uint32_t shuffleCallback(tilec_simt_thread *ctx, uint32_t value,
                         uint32_t laneOrMask, uint32_t kind) {
  SimtThread *t = self(ctx);
  Program &p = *t->program;
  uint32_t warpSize = p.launch->warpSize;
  uint32_t lane = ctx->thread_id % warpSize, warp = ctx->thread_id / warpSize;
  if (kind != TILEC_SIMT_SHUFFLE_XOR && kind != TILEC_SIMT_SHUFFLE_IDX) {
    p.fail(t, "shuffle of unknown kind " + std::to_string(kind));
    abandon(t);
  }
  uint32_t source =
      kind == TILEC_SIMT_SHUFFLE_XOR ? lane ^ laneOrMask : laneOrMask;
  if (source >= warpSize) {
    p.fail(t, "shuffle from lane " + std::to_string(source) +
                  ", outside the warp of " + std::to_string(warpSize) +
                  " lanes");
    abandon(t);
  }
  t->value = value;
  t->source = source;
  t->site = __builtin_return_address(0);
  SimtThread *lanes = &p.threads[size_t(warp) * warpSize];
  if (++p.warpArrived[warp] < warpSize) {
    t->state = State::InShuffle;
    yield(t);
    return t->result;
  }
  // The last lane to arrive hands every lane its result, unless a lane reads
  // one that waits in another shuffle (divergent code).
  p.warpArrived[warp] = 0;
  for (uint32_t i = 0; i < warpSize; ++i) {
    const SimtThread &from = lanes[lanes[i].source];
    if (from.site != lanes[i].site) {
      p.fail(&lanes[i], "shuffle from an inactive lane (lane " +
                            std::to_string(lanes[i].source) + ", thread " +
                            std::to_string(from.ctx.thread_id) +
                            ", is in another shuffle)");
      abandon(t);
    }
  }
  for (uint32_t i = 0; i < warpSize; ++i) {
    lanes[i].result = lanes[lanes[i].source].value;
    if (i != lane)
      lanes[i].state = State::Ready;
  }
  return t->result;
}

/// The value of an IEEE binary16 bit pattern.
float halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits >> 15) << 31, exponent = (bits >> 10) & 0x1f,
           mantissa = bits & 0x3ff;
  uint32_t word;
  if (exponent == 0x1f) { // inf, NaN
    word = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) { // normal
    word = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else { // zero, subnormal: mantissa * 2^-24, exact in f32
    float value = float(mantissa) * 0x1p-24f;
    return sign ? -value : value;
  }
  float value;
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

/// The value of a bfloat16 bit pattern (the high half of an f32).
float bf16ToFloat(uint16_t bits) {
  uint32_t word = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

/// The tf32 value an mma.sync reads from an f32 register: its top 19 bits
/// (NaN stays NaN).
float tf32Operand(float value) {
  if (std::isnan(value))
    return value;
  uint32_t word;
  std::memcpy(&word, &value, sizeof(word));
  word &= ~uint32_t(0x1fff);
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

/// The value of fp8 byte `byte`: e5m2 (IEEE-like: exponent 31 is infinity
/// or NaN) or e4m3fn (no infinity; S.1111.111 is NaN), exactly.
double fp8Value(uint8_t byte, bool e5m2) {
  int mantissaBits = e5m2 ? 2 : 3, bias = e5m2 ? 15 : 7;
  int exponent = (byte & 0x7f) >> mantissaBits, mantissa = byte & ((1 << mantissaBits) - 1);
  double sign = byte & 0x80 ? -1.0 : 1.0;
  if (e5m2 && exponent == 31)
    return mantissa ? std::nan("") : sign * HUGE_VAL;
  if (!e5m2 && (byte & 0x7f) == 0x7f)
    return std::nan("");
  if (exponent == 0)
    return sign * std::ldexp(double(mantissa), 1 - bias - mantissaBits);
  return sign * std::ldexp(double(mantissa + (1 << mantissaBits)), exponent - bias - mantissaBits);
}

/// The value of fnuz fp8 byte `byte` (AMD CDNA3's fp8, e4m3fnuz with bias 8,
/// or bf8, e5m2fnuz with bias 16), exactly: 0x80 is NaN (the only one), no
/// infinity, no negative zero.
double fnuzFP8Value(uint8_t byte, bool bf8) {
  if (byte == 0x80)
    return std::nan("");
  int mantissaBits = bf8 ? 2 : 3, bias = bf8 ? 16 : 8;
  int exponent = (byte & 0x7f) >> mantissaBits, mantissa = byte & ((1 << mantissaBits) - 1);
  double sign = byte & 0x80 ? -1.0 : 1.0;
  if (exponent == 0)
    return sign * std::ldexp(double(mantissa), 1 - bias - mantissaBits);
  return sign * std::ldexp(double(mantissa + (1 << mantissaBits)), exponent - bias - mantissaBits);
}

/// D = A * B + C of one mma.sync (m16n8k16 f16/bf16, m16n8k8 tf32, m16n8k32
/// s8 or fp8) from the 32 lanes' fragments (tilec_simt_mma_fragments gives
/// where each lane's elements lie).
void computeMma(SimtThread *lanes, uint32_t kind) {
  const bool fp8 = kind >= TILEC_SIMT_MMA_M16N8K32_F32_E4M3_E4M3 &&
                   kind <= TILEC_SIMT_MMA_M16N8K32_F32_E5M2_E5M2;
  const uint32_t w = kind == TILEC_SIMT_MMA_M16N8K8_F32_TF32         ? 1
                     : kind == TILEC_SIMT_MMA_M16N8K32_S32_S8 || fp8 ? 4
                                                                     : 2;
  const uint32_t k = 8 * w;
  // Operands as doubles: f16, bf16, tf32 and s8 values are exact in them, and
  // their products are exact in f32 (s8: in s32).
  double a[16][32], b[32][8];
  auto element = [&](const tilec_simt_mma_fragments &f, bool isA, uint32_t e) -> double {
    if (fp8) {
      // Kinds 4..7: bit 1 says A is e5m2, bit 0 that B is.
      uint32_t formats = kind - TILEC_SIMT_MMA_M16N8K32_F32_E4M3_E4M3;
      return fp8Value(uint8_t(isA ? f.a_s8[e] : f.b_s8[e]), isA ? formats & 2 : formats & 1);
    }
    switch (kind) {
    case TILEC_SIMT_MMA_M16N8K8_F32_TF32:
      return tf32Operand(isA ? f.a_f32[e] : f.b_f32[e]);
    case TILEC_SIMT_MMA_M16N8K32_S32_S8:
      return isA ? f.a_s8[e] : f.b_s8[e];
    case TILEC_SIMT_MMA_M16N8K16_F32_BF16:
      return bf16ToFloat(isA ? f.a[e] : f.b[e]);
    default:
      return halfToFloat(isA ? f.a[e] : f.b[e]);
    }
  };
  for (uint32_t lane = 0; lane < 32; ++lane) {
    const tilec_simt_mma_fragments &f = *lanes[lane].fragments;
    uint32_t g = lane / 4, t = lane % 4;
    for (uint32_t e = 0; e < 4 * w; ++e) {
      uint32_t r = e / w;
      a[g + 8 * (r % 2)][w * t + 4 * w * (r / 2) + e % w] = element(f, true, e);
    }
    for (uint32_t e = 0; e < 2 * w; ++e)
      b[w * t + 4 * w * (e / w) + e % w][g] = element(f, false, e);
  }
  // Every lane reads C before any lane's D is written.
  float c[16][8];
  int32_t cInt[16][8];
  for (uint32_t lane = 0; lane < 32; ++lane) {
    const tilec_simt_mma_fragments &f = *lanes[lane].fragments;
    uint32_t g = lane / 4, t = lane % 4;
    for (uint32_t i = 0; i < 4; ++i) {
      c[g + 8 * (i / 2)][2 * t + i % 2] = f.c[i];
      cInt[g + 8 * (i / 2)][2 * t + i % 2] = f.c_s32[i];
    }
  }
  for (uint32_t lane = 0; lane < 32; ++lane) {
    tilec_simt_mma_fragments &f = *lanes[lane].fragments;
    uint32_t g = lane / 4, t = lane % 4;
    for (uint32_t i = 0; i < 4; ++i) {
      uint32_t row = g + 8 * (i / 2), col = 2 * t + i % 2;
      if (kind == TILEC_SIMT_MMA_M16N8K32_S32_S8) {
        // s32 accumulation wraps.
        uint32_t sum = uint32_t(cInt[row][col]);
        for (uint32_t kk = 0; kk < k; ++kk)
          sum += uint32_t(int32_t(a[row][kk]) * int32_t(b[kk][col]));
        f.c_s32[i] = int32_t(sum);
        continue;
      }
      float sum = c[row][col];
      // The products are exact in f32; the sum rounds per step.
      for (uint32_t kk = 0; kk < k; ++kk)
        sum += float(a[row][kk] * b[kk][col]);
      f.c[i] = sum;
    }
  }
}

/// One collective instruction of a warp (mma.sync, ldmatrix, MFMA) or, with
/// `lanes` = kWarpgroupThreads, of a warpgroup (wgmma) at `site` for thread
/// `t`, which has stored its operands: every thread but the last to arrive
/// waits in `waiting`; the last checks that all threads are at the same
/// instruction (`sameInstruction(lane)`, else the launch fails naming
/// `other`, the instructions a lane may be in instead), runs
/// `compute(lanes)` for the group and wakes the others.
template <typename SameInstruction, typename Compute>
void runCollective(SimtThread *t, uint32_t lanes, void *site, State waiting, const char *name,
                   const char *other, SameInstruction sameInstruction, Compute compute) {
  Program &p = *t->program;
  uint32_t group = t->ctx.thread_id / lanes;
  std::vector<uint32_t> &arrived =
      lanes == p.launch->warpSize ? p.mmaArrived : p.groupArrived;
  t->site = site;
  if (++arrived[group] < lanes) {
    t->state = waiting;
    yield(t);
    return;
  }
  arrived[group] = 0;
  SimtThread *members = &p.threads[size_t(group) * lanes];
  for (uint32_t i = 0; i < lanes; ++i)
    if (members[i].site != site || !sameInstruction(members[i])) {
      p.fail(&members[i], std::string(name) + " with an inactive lane (thread " +
                              std::to_string(t->ctx.thread_id) + " is in another " + other + ")");
      abandon(t);
    }
  compute(members);
  for (uint32_t i = 0; i < lanes; ++i)
    if (&members[i] != t)
      members[i].state = State::Ready;
}

template <typename SameInstruction, typename Compute>
void runWarpCollective(SimtThread *t, void *site, State waiting, const char *name,
                       const char *other, SameInstruction sameInstruction, Compute compute) {
  runCollective(t, t->program->launch->warpSize, site, waiting, name, other, sameInstruction,
                compute);
}

/// Fails the launch at `t` unless its warps have `lanes` lanes and `known`
/// (the instruction's `what`, its kind or shape, is one the emulator models).
void requireWarpInstruction(SimtThread *t, const char *name, uint32_t lanes, bool known,
                            const char *what, uint32_t kind) {
  Program &p = *t->program;
  if (p.launch->warpSize != lanes) {
    p.fail(t, std::string(name) + " needs warps of " + std::to_string(lanes) +
                  " lanes, the launch has " + std::to_string(p.launch->warpSize));
    abandon(t);
  }
  if (!known) {
    p.fail(t, std::string(name) + " of unknown " + what + " " + std::to_string(kind));
    abandon(t);
  }
}

void mmaCallback(tilec_simt_thread *ctx, uint32_t kind,
                 tilec_simt_mma_fragments *fragments) {
  SimtThread *t = self(ctx);
  requireWarpInstruction(t, "mma.sync", 32, kind <= TILEC_SIMT_MMA_M16N8K32_F32_E5M2_E5M2, "kind",
                         kind);
  t->mmaKind = kind;
  t->fragments = fragments;
  runWarpCollective(
      t, __builtin_return_address(0), State::InMma, "mma.sync", "mma.sync",
      [&](const SimtThread &lane) {
        return lane.state != State::InLdmatrix && lane.mmaKind == kind;
      },
      [&](SimtThread *lanes) { computeMma(lanes, kind); });
}

/// Hands each lane of the warp its words of one ldmatrix, reading the rows
/// lanes 0 .. 8*count-1 address; an error message if a row lies outside
/// shared memory or is not 16-byte aligned (and the lane it came from).
std::string computeLdmatrix(const Program &p, SimtThread *lanes, uint32_t shape,
                            uint32_t &badLane) {
  uint32_t count = shape & 0xff;
  bool transpose = shape & TILEC_SIMT_LDMATRIX_TRANS;
  uint16_t m[4][8][8];
  for (uint32_t j = 0; j < count; ++j)
    for (uint32_t r = 0; r < 8; ++r) {
      const char *row = lanes[8 * j + r].ldRow;
      uint64_t offset = uint64_t(row - p.shared), size = p.launch->sharedBytes;
      if (row < p.shared || offset + 16 > size || offset % 16) {
        badLane = 8 * j + r;
        if (row < p.shared)
          return "ldmatrix row address below shared memory";
        return "ldmatrix row at shared offset " + std::to_string(offset) +
               (offset % 16 ? " is not 16-byte aligned"
                            : " is outside shared memory (size " + std::to_string(size) + ")");
      }
      std::memcpy(m[j][r], row, 16);
    }
  for (uint32_t lane = 0; lane < 32; ++lane) {
    uint32_t g = lane / 4, t = lane % 4;
    for (uint32_t j = 0; j < count; ++j) {
      uint16_t lo = transpose ? m[j][2 * t][g] : m[j][g][2 * t];
      uint16_t hi = transpose ? m[j][2 * t + 1][g] : m[j][g][2 * t + 1];
      lanes[lane].ldOut[j] = uint32_t(lo) | uint32_t(hi) << 16;
    }
  }
  return "";
}

void ldmatrixCallback(tilec_simt_thread *ctx, uint32_t shape, const void *row,
                      uint32_t *out) {
  SimtThread *t = self(ctx);
  uint32_t count = shape & ~uint32_t(TILEC_SIMT_LDMATRIX_TRANS);
  requireWarpInstruction(t, "ldmatrix", 32, count == 1 || count == 2 || count == 4, "shape",
                         shape);
  t->ldShape = shape;
  t->ldRow = static_cast<const char *>(row);
  t->ldOut = out;
  runWarpCollective(
      t, __builtin_return_address(0), State::InLdmatrix, "ldmatrix", "ldmatrix or mma.sync",
      [&](const SimtThread &lane) { return lane.state != State::InMma && lane.ldShape == shape; },
      [&](SimtThread *lanes) {
        Program &p = *t->program;
        uint32_t badLane = 0;
        std::string error = computeLdmatrix(p, lanes, shape, badLane);
        if (!error.empty()) {
          p.fail(&lanes[badLane], error);
          abandon(t);
        }
      });
}

/// D = A * B + C of one MFMA with N x N blocks (v_mfma_f32_32x32x8 or
/// 16x16x16 for f16/bf16, v_mfma_f32_32x32x2f32 or 16x16x4f32,
/// v_mfma_i32_32x32x16_i8 or 16x16x32_i8, v_mfma_f32_32x32x16 or 16x16x32
/// with fp8/bf8) from the 64 lanes' registers (tilec_simt_mfma_fragments
/// gives where each lane's elements lie).
void computeMfma(SimtThread *lanes, uint32_t kind) {
  bool fp8 =
      kind >= TILEC_SIMT_MFMA_32X32X16_F32_FP8_FP8 && kind <= TILEC_SIMT_MFMA_16X16X32_F32_BF8_BF8;
  // fp8 kinds: bit 2 says 16x16x32, bit 1 that A is bf8, bit 0 that B is.
  uint32_t fp8Kind = fp8 ? kind - TILEC_SIMT_MFMA_32X32X16_F32_FP8_FP8 : 0;
  bool wide = kind == TILEC_SIMT_MFMA_32X32X8_F32_F16 || kind == TILEC_SIMT_MFMA_32X32X8_F32_BF16 ||
              kind == TILEC_SIMT_MFMA_32X32X2_F32_F32 || kind == TILEC_SIMT_MFMA_32X32X16_I32_I8 ||
              (fp8 && !(fp8Kind & 4));
  bool f32 = kind == TILEC_SIMT_MFMA_32X32X2_F32_F32 || kind == TILEC_SIMT_MFMA_16X16X4_F32_F32;
  bool i8 = kind == TILEC_SIMT_MFMA_32X32X16_I32_I8 || kind == TILEC_SIMT_MFMA_16X16X32_I32_I8;
  bool bf16 = kind == TILEC_SIMT_MFMA_32X32X8_F32_BF16 || kind == TILEC_SIMT_MFMA_16X16X16_F32_BF16;
  const uint32_t n = wide ? 32 : 16, groups = 64 / n, w = f32 ? 1 : i8 || fp8 ? 8 : 4;
  const uint32_t k = w * groups, rowStride = 4 * groups, regs = n * n / 64;
  // f16, bf16, f32, i8 and fp8 values are exact in doubles.
  double a[32][32], b[32][32];
  auto element = [&](const tilec_simt_mfma_fragments &f, bool isA, uint32_t i) -> double {
    if (fp8)
      return fnuzFP8Value(uint8_t(isA ? f.a_s8[i] : f.b_s8[i]), fp8Kind & (isA ? 2 : 1));
    if (f32)
      return isA ? f.a_f32[i] : f.b_f32[i];
    if (i8)
      return isA ? f.a_s8[i] : f.b_s8[i];
    uint16_t bits = isA ? f.a[i] : f.b[i];
    return bf16 ? bf16ToFloat(bits) : halfToFloat(bits);
  };
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const tilec_simt_mfma_fragments &f = *lanes[lane].mfmaFragments;
    uint32_t col = lane % n, group = lane / n;
    for (uint32_t i = 0; i < w; ++i) {
      a[col][w * group + i] = element(f, true, i);
      b[w * group + i][col] = element(f, false, i);
    }
  }
  // Every lane's C is read before any lane's D is written.
  float c[32][32];
  int32_t cInt[32][32];
  for (uint32_t lane = 0; lane < 64; ++lane) {
    const tilec_simt_mfma_fragments &f = *lanes[lane].mfmaFragments;
    uint32_t col = lane % n, group = lane / n;
    for (uint32_t r = 0; r < regs; ++r) {
      c[rowStride * (r / 4) + 4 * group + r % 4][col] = f.c[r];
      cInt[rowStride * (r / 4) + 4 * group + r % 4][col] = f.c_s32[r];
    }
  }
  for (uint32_t lane = 0; lane < 64; ++lane) {
    tilec_simt_mfma_fragments &f = *lanes[lane].mfmaFragments;
    uint32_t col = lane % n, group = lane / n;
    for (uint32_t r = 0; r < regs; ++r) {
      uint32_t row = rowStride * (r / 4) + 4 * group + r % 4;
      if (i8) {
        // i32 accumulation wraps.
        uint32_t sum = uint32_t(cInt[row][col]);
        for (uint32_t kk = 0; kk < k; ++kk)
          sum += uint32_t(int32_t(a[row][kk]) * int32_t(b[kk][col]));
        f.c_s32[r] = int32_t(sum);
        continue;
      }
      float sum = c[row][col];
      // One rounding per step (16-bit and fp8 products are exact in f32).
      for (uint32_t kk = 0; kk < k; ++kk)
        sum = std::fma(float(a[row][kk]), float(b[kk][col]), sum);
      f.c[r] = sum;
    }
  }
}

void mfmaCallback(tilec_simt_thread *ctx, uint32_t kind,
                  tilec_simt_mfma_fragments *fragments) {
  SimtThread *t = self(ctx);
  requireWarpInstruction(t, "MFMA", 64,
                         kind >= TILEC_SIMT_MFMA_32X32X8_F32_F16 &&
                             kind <= TILEC_SIMT_MFMA_16X16X32_F32_BF8_BF8,
                         "kind", kind);
  t->mmaKind = kind;
  t->mfmaFragments = fragments;
  // The last lane to arrive computes for the wave, unless the lanes are in
  // different matrix instructions (divergent code).
  runWarpCollective(
      t, __builtin_return_address(0), State::InMma, "MFMA", "MFMA",
      [&](const SimtThread &lane) { return lane.mmaKind == kind; },
      [&](SimtThread *lanes) { computeMfma(lanes, kind); });
}

/// `offset` after a swizzle of `span` bytes (32, 64 or 128; 0: none): the
/// 16-byte chunk bits [4, 4+b) XORed with bits [7, 7+b), b = log2(span/16),
/// as wgmma operands and TMA boxes lie in shared memory.
uint64_t swizzleOffset(uint64_t offset, uint64_t span) {
  return span ? offset ^ (((offset >> 7) & (span / 16 - 1)) << 4) : offset;
}

/// The shared-memory offset of element (mn, k) of a wgmma operand that
/// descriptor `desc` describes (`mnMajor`: contiguous along M or N, else
/// along K), after the descriptor's swizzle: the PTX ISA's canonical layouts,
/// in 16-byte units T, with S the swizzle width in bytes:
///   K-major, no swizzle:  (mn%8)*16 + (mn/8)*SBO + (k%T)*e + (k/T)*LBO
///   K-major, swizzled:    (mn%8)*S  + (mn/8)*SBO + k*e
///   MN-major, no swizzle: (mn%T)*e  + (mn/T)*SBO + (k%8)*16 + (k/8)*LBO
///   MN-major, swizzled:   (mn%W)*e  + (mn/W)*LBO + (k%8)*S  + (k/8)*SBO
/// (e element bytes, W = S/e), added to the start address; a swizzle of S
/// bytes then XORs address bits [4, 4+b) with bits [7, 7+b), b = log2(S/16).
uint64_t wgmmaOperandOffset(uint64_t desc, bool mnMajor, uint32_t mn, uint32_t k,
                            uint32_t elemBytes) {
  uint64_t start = (desc & 0x3fff) << 4, lbo = ((desc >> 16) & 0x3fff) << 4;
  uint64_t sbo = ((desc >> 32) & 0x3fff) << 4;
  uint32_t mode = uint32_t(desc >> 62);
  uint64_t swizzle = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
  uint64_t perChunk = 16 / elemBytes, offset;
  if (!swizzle)
    offset = mnMajor ? (mn % perChunk) * elemBytes + (mn / perChunk) * sbo + (k % 8) * 16 +
                           (k / 8) * lbo
                     : (mn % 8) * 16 + (mn / 8) * sbo + (k % perChunk) * elemBytes +
                           (k / perChunk) * lbo;
  else if (mnMajor)
    offset = (mn % (swizzle / elemBytes)) * elemBytes + (mn / (swizzle / elemBytes)) * lbo +
             (k % 8) * swizzle + (k / 8) * sbo;
  else
    offset = (mn % 8) * swizzle + (mn / 8) * sbo + uint64_t(k) * elemBytes;
  return swizzleOffset(start + offset, swizzle);
}

/// D = A * B + D of one wgmma m64nNk16 (m64nNk8 for tf32, m64nNk32 for s8) for the warpgroup
/// `threads`, reading A and B from shared memory through their descriptors, and claims the bytes
/// each spans for the warpgroup's open group (wgmmaWaitCallback releases them); an error message
/// if an element lies outside shared memory or a descriptor uses the base offset (bits 49-51),
/// which the emulator does not model.
std::string computeWgmma(Program &p, SimtThread *threads) {
  const SimtThread &first = threads[0];
  uint32_t n = first.wgmmaShape & 0xffff;
  bool transA = first.wgmmaShape & TILEC_SIMT_WGMMA_TRANS_A;
  bool transB = first.wgmmaShape & TILEC_SIMT_WGMMA_TRANS_B;
  bool bf16 = first.mmaKind == TILEC_SIMT_WGMMA_F32_BF16;
  bool tf32 = first.mmaKind == TILEC_SIMT_WGMMA_F32_TF32;
  bool s8 = first.mmaKind == TILEC_SIMT_WGMMA_S32_S8;
  bool fp8 = first.mmaKind >= TILEC_SIMT_WGMMA_F32_E4M3_E4M3;
  uint32_t fp8Formats = fp8 ? first.mmaKind - TILEC_SIMT_WGMMA_F32_E4M3_E4M3 : 0;
  const uint32_t k = tf32 ? 8 : s8 || fp8 ? 32 : 16, elemBytes = tf32 ? 4 : s8 || fp8 ? 1 : 2;
  if ((tf32 || s8 || fp8) && (transA || transB)) {
    const char *type = tf32 ? "tf32" : s8 ? "s8" : "fp8";
    return std::string(type) + " wgmma with an MN-major operand (" + type +
           " operands are K-major only)";
  }
  for (uint64_t desc : {first.wgmmaDescA, first.wgmmaDescB})
    if ((desc >> 49) & 7)
      return "wgmma descriptor with a matrix base offset (not modelled)";
  uint64_t size = p.launch->sharedBytes;
  std::string error;
  // The bytes A and B span.
  WgmmaClaim spans[2] = {{0, UINT64_MAX, 0}, {0, UINT64_MAX, 0}};
  auto read = [&](bool isA, uint32_t mn, uint32_t k) -> double {
    uint64_t offset = wgmmaOperandOffset(isA ? first.wgmmaDescA : first.wgmmaDescB,
                                         isA ? transA : transB, mn, k, elemBytes);
    WgmmaClaim &span = spans[isA ? 0 : 1];
    span.begin = std::min(span.begin, offset);
    span.end = std::max(span.end, offset + elemBytes);
    if (offset + elemBytes > size) {
      if (error.empty())
        error = "wgmma operand at shared offset " + std::to_string(offset) +
                " is outside shared memory (size " + std::to_string(size) + ")";
      return 0;
    }
    if (tf32) {
      float value;
      std::memcpy(&value, p.shared + offset, sizeof(value));
      return tf32Operand(value);
    }
    if (s8)
      return double(int8_t(p.shared[offset]));
    if (fp8) // A's format in bit 1 of the kind's offset, B's in bit 0
      return fp8Value(uint8_t(p.shared[offset]), fp8Formats & (isA ? 2 : 1));
    uint16_t bits;
    std::memcpy(&bits, p.shared + offset, sizeof(bits));
    return bf16 ? bf16ToFloat(bits) : halfToFloat(bits);
  };
  // A is 64 x k (row m, column kk), B is k x N (row kk, column n).
  std::vector<double> a(64 * k), b(k * size_t(n));
  for (uint32_t m = 0; m < 64; ++m)
    for (uint32_t kk = 0; kk < k; ++kk)
      a[m * k + kk] = read(true, m, kk);
  for (uint32_t kk = 0; kk < k; ++kk)
    for (uint32_t col = 0; col < n; ++col)
      b[kk * n + col] = read(false, col, kk);
  if (!error.empty())
    return error;
  // The bytes each operand spans stay claimed by the warpgroup's open group.
  std::vector<WgmmaClaim> &claims = p.wgmmaClaims[first.ctx.thread_id / kWarpgroupThreads];
  for (const WgmmaClaim &span : spans)
    claims.push_back({first.wgmmaCommitted, span.begin, span.end});
  for (uint32_t t = 0; t < kWarpgroupThreads; ++t) {
    uint32_t warp = t / 32, lane = t % 32;
    float *d = threads[t].wgmmaD;
    for (uint32_t r = 0; r < n / 2; ++r) {
      uint32_t j = r / 4, i = r % 4;
      uint32_t row = 16 * warp + lane / 4 + 8 * (i / 2), col = 8 * j + 2 * (lane % 4) + i % 2;
      if (s8) {
        // int32 accumulators in d's words; the sum wraps modulo 2^32.
        uint32_t sum;
        std::memcpy(&sum, &d[r], sizeof(sum));
        for (uint32_t kk = 0; kk < k; ++kk)
          sum += uint32_t(int32_t(a[row * k + kk]) * int32_t(b[kk * n + col]));
        std::memcpy(&d[r], &sum, sizeof(sum));
        continue;
      }
      float sum = d[r];
      // 16-bit, tf32 and fp8 products are exact in f32; the sum rounds per
      // step.
      for (uint32_t kk = 0; kk < k; ++kk)
        sum = std::fma(float(a[row * k + kk]), float(b[kk * n + col]), sum);
      d[r] = sum;
    }
  }
  return "";
}

void wgmmaCallback(tilec_simt_thread *ctx, uint32_t kind, uint64_t descA, uint64_t descB,
                   uint32_t shape, float *d) {
  SimtThread *t = self(ctx);
  Program &p = *t->program;
  uint32_t n = shape & 0xffff;
  requireWarpInstruction(
      t, "wgmma", 32,
      kind >= TILEC_SIMT_WGMMA_F32_F16 && kind <= TILEC_SIMT_WGMMA_F32_E5M2_E5M2 && n >= 8 &&
          n <= 256 && n % 8 == 0 && (shape & ~uint32_t(0x3ffff)) == 0,
      "kind or shape",
      kind >= TILEC_SIMT_WGMMA_F32_F16 && kind <= TILEC_SIMT_WGMMA_F32_E5M2_E5M2 ? shape : kind);
  if (p.launch->numThreads % kWarpgroupThreads) {
    p.fail(t, "wgmma needs warpgroups of 4 warps, the launch has " +
                  std::to_string(p.launch->numThreads / 32) + " warps");
    abandon(t);
  }
  t->mmaKind = kind;
  t->wgmmaDescA = descA;
  t->wgmmaDescB = descB;
  t->wgmmaShape = shape;
  t->wgmmaD = d;
  runCollective(
      t, kWarpgroupThreads, __builtin_return_address(0), State::InWgmma, "wgmma", "wgmma",
      [&](const SimtThread &other) {
        return other.mmaKind == kind && other.wgmmaShape == shape &&
               other.wgmmaDescA == descA && other.wgmmaDescB == descB;
      },
      [&](SimtThread *threads) {
        std::string error = computeWgmma(p, threads);
        if (!error.empty()) {
          p.fail(t, error);
          abandon(t);
        }
      });
}

/// `address` as 0x-prefixed hexadecimal.
std::string hexAddress(uint64_t address) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(address));
  return text;
}

/// The offset of `address` from the start of `p`'s shared memory (negative
/// or past its end for an address outside it).
int64_t sharedOffset(const Program &p, const void *address) {
  return int64_t(reinterpret_cast<uintptr_t>(address) - reinterpret_cast<uintptr_t>(p.shared));
}

bool Program::reportWgmmaOverwrite(const SimtThread *writer, const char *what, uint64_t offset,
                                   uint64_t bytes) {
  for (size_t group = 0; group < wgmmaClaims.size(); ++group)
    for (const WgmmaClaim &claim : wgmmaClaims[group])
      if (offset < claim.end && offset + bytes > claim.begin) {
        fail(writer, std::string(what) + " to shared offset " + std::to_string(offset) +
                         " overwrites bytes [" + std::to_string(claim.begin) + ", " +
                         std::to_string(claim.end) + ") that an unfinished wgmma of warpgroup " +
                         std::to_string(group) +
                         " reads (wgmma.wait_group has not completed its group in every thread "
                         "of the warpgroup)");
        return true;
      }
  return false;
}

void asyncCopyCallback(tilec_simt_thread *ctx, void *dst, const void *src, uint32_t bytes,
                       uint32_t srcBytes) {
  SimtThread *t = self(ctx);
  char *to = static_cast<char *>(dst);
  int64_t offset = sharedOffset(*t->program, to);
  if ((bytes != 4 && bytes != 8 && bytes != 16) || srcBytes > bytes) {
    t->program->fail(t, "cp.async of " + std::to_string(bytes) + " bytes (" +
                            std::to_string(srcBytes) + " from global memory)");
    abandon(t);
  }
  if (offset < 0 || uint64_t(offset) + bytes > ctx->shared_size || offset % bytes != 0) {
    t->program->fail(t, "cp.async to shared offset " + std::to_string(offset) + " (" +
                            std::to_string(bytes) + " bytes; shared memory size " +
                            std::to_string(ctx->shared_size) + ")" +
                            (offset % bytes != 0 ? ", misaligned" : ""));
    abandon(t);
  }
  if (srcBytes && reinterpret_cast<uintptr_t>(src) % bytes != 0) {
    t->program->fail(t, "cp.async of " + std::to_string(bytes) + " bytes from global address " +
                            hexAddress(reinterpret_cast<uintptr_t>(src)) + ", which is not " +
                            std::to_string(bytes) + "-byte aligned (a GPU faults on it)");
    abandon(t);
  }
  if (t->program->reportWgmmaOverwrite(t, "cp.async", uint64_t(offset), bytes))
    abandon(t);
  SimtThread::PendingCopy copy{to, bytes, t->groupsCommitted, {}};
  std::memcpy(copy.data, src, srcBytes);
  t->pendingCopies.push_back(copy);
}

void asyncCommitCallback(tilec_simt_thread *ctx) { ++self(ctx)->groupsCommitted; }

/// Lands the copies of every committed group but the newest `pending`.
void asyncWaitCallback(tilec_simt_thread *ctx, uint32_t pending) {
  SimtThread *t = self(ctx);
  if (pending >= t->groupsCommitted)
    return;
  uint32_t limit = t->groupsCommitted - pending;
  auto landed = [&](const SimtThread::PendingCopy &copy) {
    if (copy.group >= limit)
      return false;
    std::memcpy(copy.dst, copy.data, copy.bytes);
    return true;
  };
  // Copies land in issue order, so a later copy to the same bytes wins.
  t->pendingCopies.erase(
      std::remove_if(t->pendingCopies.begin(), t->pendingCopies.end(), landed),
      t->pendingCopies.end());
}

void wgmmaCommitCallback(tilec_simt_thread *ctx) { ++self(ctx)->wgmmaCommitted; }

/// Records that the thread has waited for all but its newest `pending` wgmma
/// groups; releases the claims of the groups every thread of its warpgroup
/// has waited for.
void wgmmaWaitCallback(tilec_simt_thread *ctx, uint32_t pending) {
  SimtThread *t = self(ctx);
  if (pending >= t->wgmmaCommitted)
    return;
  t->wgmmaWaited = std::max(t->wgmmaWaited, t->wgmmaCommitted - pending);
  Program &p = *t->program;
  uint32_t first = t->ctx.thread_id / kWarpgroupThreads * kWarpgroupThreads;
  if (first + kWarpgroupThreads > p.launch->numThreads)
    return; // (no wgmma ran: the launch has no whole warpgroup here)
  uint32_t finished = UINT32_MAX;
  for (uint32_t i = first; i < first + kWarpgroupThreads; ++i)
    finished = std::min(finished, p.threads[i].wgmmaWaited);
  std::vector<WgmmaClaim> &claims = p.wgmmaClaims[first / kWarpgroupThreads];
  claims.erase(std::remove_if(claims.begin(), claims.end(),
                              [&](const WgmmaClaim &claim) { return claim.group < finished; }),
               claims.end());
}

//===----------------------------------------------------------------------===//
// mbarriers and TMA tensor copies (cp.async.bulk.tensor)
//===----------------------------------------------------------------------===//

/// The mbarrier at `address`, for `t`'s instruction `what`; fails the
/// launch and abandons `t` when it lies outside shared memory, is not 8-byte
/// aligned, or (unless `initializing`, which creates it) was never
/// initialized. `offset` gets its shared offset.
Mbarrier &mbarrierAt(SimtThread *t, const void *address, const char *what, bool initializing,
                     uint64_t &offset) {
  Program &p = *t->program;
  int64_t at = sharedOffset(p, address);
  uint64_t size = p.launch->sharedBytes;
  if (at < 0 || uint64_t(at) + 8 > size || at % 8) {
    p.fail(t, std::string(what) + ": mbarrier at shared offset " + std::to_string(at) +
                  (at >= 0 && uint64_t(at) + 8 <= size
                       ? " is not 8-byte aligned"
                       : " is outside shared memory (size " + std::to_string(size) + ")"));
    abandon(t);
  }
  offset = uint64_t(at);
  if (initializing)
    return p.mbarriers[offset];
  auto found = p.mbarriers.find(offset);
  if (found == p.mbarriers.end()) {
    p.fail(t, std::string(what) + ": mbarrier at shared offset " + std::to_string(at) +
                  " was never initialized (mbarrier.init)");
    abandon(t);
  }
  return found->second;
}

/// What the current phase of `b` (at shared `offset`) still lacks, for
/// error messages.
std::string mbarrierPhaseState(const Mbarrier &b, uint64_t offset) {
  return "mbarrier at shared offset " + std::to_string(offset) + ", phase " +
         std::to_string(b.phase) + " (parity " + std::to_string(b.phase & 1) +
         "): " + std::to_string(b.pending) + " of " + std::to_string(b.count) +
         " arrivals missing, copies issued for " + std::to_string(b.copiedTx) + " of the " +
         std::to_string(b.expectedTx) + " transaction bytes expected";
}

/// Bytes of shared memory that a box of `boxBytes` (a multiple of 16)
/// swizzled over `span` bytes reaches: the box, or more when a swizzle
/// moves chunks of its last, partial 128-byte block past its end.
uint64_t swizzledExtent(uint64_t boxBytes, uint32_t span) {
  uint64_t extent = boxBytes;
  for (uint64_t chunk = boxBytes / 128 * 128; chunk < boxBytes; chunk += 16)
    extent = std::max(extent, swizzleOffset(chunk, span) + 16);
  return extent;
}

/// Checks a cp.async.bulk.tensor's map, coordinates and destination; false,
/// after reporting a failure of `t`, if any is bad. Sets `dstOffset`, the
/// box's bytes `boxBytes` and the shared bytes it reaches `extent`.
bool checkTmaLoad(SimtThread *t, const tilec_simt_tensor_map *map, const int32_t *coords,
                  const void *dst, uint64_t &dstOffset, uint64_t &boxBytes, uint64_t &extent,
                  const char *sharedRole = "destination") {
  Program &p = *t->program;
  auto bad = [&](const std::string &problem) {
    p.fail(t, "cp.async.bulk.tensor: " + problem);
    return false;
  };
  auto mapAddress = reinterpret_cast<uintptr_t>(map);
  if (!map || mapAddress % 64)
    return bad("tensor map at " + hexAddress(mapAddress) + " is not 64-byte aligned" +
               (map ? "" : " (null)"));
  if (!coords)
    return bad("the coordinates pointer is null");
  const tilec_simt_tensor_map &m = *map;
  if (m.rank < 1 || m.rank > 5)
    return bad("tensor map rank " + std::to_string(m.rank) + " (expected 1 .. 5)");
  if (m.elem_bytes != 1 && m.elem_bytes != 2 && m.elem_bytes != 4 && m.elem_bytes != 8)
    return bad("tensor map elem_bytes " + std::to_string(m.elem_bytes) +
               " (expected 1, 2, 4 or 8)");
  if (!m.base || m.base % 16)
    return bad("tensor map base " + hexAddress(m.base) + " is not 16-byte aligned" +
               (m.base ? "" : " (null)"));
  boxBytes = m.elem_bytes;
  for (uint32_t d = 0; d < m.rank; ++d) {
    std::string field = "[" + std::to_string(d) + "] ";
    if (m.sizes[d] < 1 || m.sizes[d] > (uint64_t(1) << 32))
      return bad("tensor map sizes" + field + std::to_string(m.sizes[d]) + " (expected 1 .. 2^32)");
    if (d && (m.strides[d - 1] % 16 || m.strides[d - 1] >= (uint64_t(1) << 40)))
      return bad("tensor map strides[" + std::to_string(d - 1) + "] " +
                 std::to_string(m.strides[d - 1]) + " (the byte stride of dimension " +
                 std::to_string(d) + "; expected a multiple of 16 below 2^40)");
    if (m.box[d] < 1 || m.box[d] > 256)
      return bad("tensor map box" + field + std::to_string(m.box[d]) + " (expected 1 .. 256)");
    boxBytes *= m.box[d];
  }
  uint64_t rowBytes = uint64_t(m.box[0]) * m.elem_bytes;
  if (rowBytes % 16)
    return bad("tensor map box[0] * elem_bytes = " + std::to_string(rowBytes) +
               " bytes, not a multiple of 16");
  if (m.swizzle != 0 && m.swizzle != 32 && m.swizzle != 64 && m.swizzle != 128)
    return bad("tensor map swizzle " + std::to_string(m.swizzle) + " (expected 0, 32, 64 or 128)");
  if (m.swizzle && rowBytes > m.swizzle)
    return bad("tensor map box[0] * elem_bytes = " + std::to_string(rowBytes) +
               " bytes, more than its swizzle span of " + std::to_string(m.swizzle) + " bytes");
  int64_t at = sharedOffset(p, dst);
  uint64_t size = p.launch->sharedBytes, alignment = m.swizzle ? 8 * m.swizzle : 128;
  if (at < 0 || uint64_t(at) >= size)
    return bad(std::string(sharedRole) + " at shared offset " + std::to_string(at) +
               " is outside shared memory (size " + std::to_string(size) + ")");
  if (at % 128 || uint64_t(at) % alignment)
    return bad(
        std::string(sharedRole) + " at shared offset " + std::to_string(at) + " is not " +
        std::to_string(alignment) + "-byte aligned" +
        (at % 128 ? "" : " (the repeat of its " + std::to_string(m.swizzle) + "-byte swizzle)"));
  dstOffset = uint64_t(at);
  extent = swizzledExtent(boxBytes, m.swizzle);
  if (extent > size - dstOffset)
    return bad("box of " + std::to_string(boxBytes) + " bytes at shared offset " +
               std::to_string(dstOffset) + " does not fit in shared memory (size " +
               std::to_string(size) + ")");
  return true;
}

/// Bytes of one box of `m` (its dimensions checked).
uint64_t tmaMapBoxBytes(const tilec_simt_tensor_map &m) {
  uint64_t bytes = m.elem_bytes;
  for (uint32_t d = 0; d < m.rank; ++d)
    bytes *= m.box[d];
  return bytes;
}

/// Calls `visit(byte, address)` for each element of the box of `m` whose
/// first element is at `coords` that lies inside the tensor: `byte` is its
/// offset in the box (row-major, dimension 0 contiguous), `address` its
/// global address.
template <typename Visit>
void forEachTensorElementOfBox(const tilec_simt_tensor_map &m, const int32_t *coords, Visit visit) {
  uint64_t rowBytes = uint64_t(m.box[0]) * m.elem_bytes, rows = 1;
  for (uint32_t d = 1; d < m.rank; ++d)
    rows *= m.box[d];
  for (uint64_t row = 0; row < rows; ++row) {
    // The row's global address, unless it lies outside dimensions 1 and up.
    bool inside = true;
    uint64_t address = m.base, rest = row;
    for (uint32_t d = 1; d < m.rank; ++d) {
      int64_t coordinate = int64_t(coords[d]) + int64_t(rest % m.box[d]);
      rest /= m.box[d];
      if (coordinate < 0 || uint64_t(coordinate) >= m.sizes[d])
        inside = false;
      else
        address += uint64_t(coordinate) * m.strides[d - 1];
    }
    for (uint32_t i = 0; inside && i < m.box[0]; ++i) {
      int64_t coordinate = int64_t(coords[0]) + i;
      if (coordinate >= 0 && uint64_t(coordinate) < m.sizes[0])
        visit(row * rowBytes + uint64_t(i) * m.elem_bytes,
              address + uint64_t(coordinate) * m.elem_bytes);
    }
  }
}

/// The box of `m` whose first element is at `coords`, read from global
/// memory into `box` (row-major, dimension 0 contiguous); elements outside
/// the tensor in any dimension get m.oob_fill.
void readTmaBox(const tilec_simt_tensor_map &m, const int32_t *coords,
                std::vector<unsigned char> &box) {
  unsigned char fill[8];
  std::memcpy(fill, &m.oob_fill, sizeof(fill)); // its low bytes first
  box.resize(tmaMapBoxBytes(m));
  for (uint64_t at = 0; at < box.size(); at += m.elem_bytes)
    std::memcpy(box.data() + at, fill, m.elem_bytes);
  forEachTensorElementOfBox(m, coords, [&](uint64_t byte, uint64_t address) {
    std::memcpy(box.data() + byte, reinterpret_cast<const void *>(address), m.elem_bytes);
  });
}

bool Program::completeMbarrierPhase(const SimtThread *t, uint64_t offset, Mbarrier &b) {
  if (b.pending || b.copiedTx < b.expectedTx)
    return true;
  if (b.copiedTx > b.expectedTx) {
    fail(t, "mbarrier phase with more bytes copied than expected: " +
                mbarrierPhaseState(b, offset) + " (a GPU would never complete the phase)");
    return false;
  }
  for (const TmaCopy &copy : b.copies) {
    if (reportWgmmaOverwrite(&threads[copy.issuer], "cp.async.bulk.tensor", copy.dstOffset,
                             swizzledExtent(copy.box.size(), copy.swizzle)))
      return false;
    // Chunks move whole: the swizzle changes only offset bits 4 and up.
    for (uint64_t chunk = 0; chunk < copy.box.size(); chunk += 16)
      std::memcpy(shared + copy.dstOffset + swizzleOffset(chunk, copy.swizzle),
                  copy.box.data() + chunk, 16);
  }
  b.copies.clear();
  ++b.phase;
  b.pending = b.count;
  b.expectedTx = b.copiedTx = 0;
  for (SimtThread &waiter : threads)
    if (waiter.state == State::InMbarrierWait && waiter.mbarrierOffset == offset)
      waiter.state = State::Ready;
  return true;
}

void tmaLoadCallback(tilec_simt_thread *ctx, const tilec_simt_tensor_map *map,
                     const int32_t *coords, void *dst, void *mbarrier) {
  SimtThread *t = self(ctx);
  Program &p = *t->program;
  uint64_t offset = 0, dstOffset = 0, boxBytes = 0, extent = 0;
  Mbarrier &b = mbarrierAt(t, mbarrier, "cp.async.bulk.tensor", false, offset);
  if (!checkTmaLoad(t, map, coords, dst, dstOffset, boxBytes, extent) ||
      p.reportWgmmaOverwrite(t, "cp.async.bulk.tensor", dstOffset, extent))
    abandon(t);
  b.copies.push_back({dstOffset, map->swizzle, ctx->thread_id, {}});
  readTmaBox(*map, coords, b.copies.back().box);
  b.copiedTx += boxBytes;
  if (!p.completeMbarrierPhase(t, offset, b))
    abandon(t);
}

/// Writes the elements of the box of `m` at `coords` that lie inside the
/// tensor from `box` (row-major, dimension 0 contiguous) to global memory:
/// readTmaBox's inverse.
void writeTmaBox(const tilec_simt_tensor_map &m, const int32_t *coords,
                 const std::vector<unsigned char> &box) {
  forEachTensorElementOfBox(m, coords, [&](uint64_t byte, uint64_t address) {
    std::memcpy(reinterpret_cast<void *>(address), box.data() + byte, m.elem_bytes);
  });
}

void tmaStoreCallback(tilec_simt_thread *ctx, const tilec_simt_tensor_map *map,
                      const int32_t *coords, const void *src) {
  SimtThread *t = self(ctx);
  Program &p = *t->program;
  uint64_t srcOffset = 0, boxBytes = 0, extent = 0;
  if (!checkTmaLoad(t, map, coords, src, srcOffset, boxBytes, extent, "source"))
    abandon(t);
  // The box as its rows are stored: chunks move whole under the swizzle.
  std::vector<unsigned char> box(boxBytes);
  for (uint64_t chunk = 0; chunk < boxBytes; chunk += 16)
    std::memcpy(box.data() + chunk, p.shared + srcOffset + swizzleOffset(chunk, map->swizzle), 16);
  writeTmaBox(*map, coords, box);
}

void mbarrierInitCallback(tilec_simt_thread *ctx, void *mbarrier, uint32_t count) {
  SimtThread *t = self(ctx);
  uint64_t offset = 0;
  Mbarrier &b = mbarrierAt(t, mbarrier, "mbarrier.init", true, offset);
  if (count < 1 || count >= (1u << 20)) {
    t->program->fail(t, "mbarrier.init: mbarrier at shared offset " + std::to_string(offset) +
                            " with count " + std::to_string(count) + " (expected 1 .. 2^20 - 1)");
    abandon(t);
  }
  if (b.count && (b.pending != b.count || b.expectedTx || !b.copies.empty())) {
    t->program->fail(t, "mbarrier.init of a barrier in use: " + mbarrierPhaseState(b, offset));
    abandon(t);
  }
  b.count = b.pending = count;
  b.phase = 0;
}

void mbarrierArriveExpectTxCallback(tilec_simt_thread *ctx, void *mbarrier, uint32_t txBytes) {
  SimtThread *t = self(ctx);
  uint64_t offset = 0;
  Mbarrier &b = mbarrierAt(t, mbarrier, "mbarrier.arrive.expect_tx", false, offset);
  if (!b.pending) {
    t->program->fail(t, "mbarrier.arrive.expect_tx: an arrival more than the phase expects (" +
                            mbarrierPhaseState(b, offset) + ")");
    abandon(t);
  }
  b.expectedTx += txBytes;
  --b.pending;
  if (!t->program->completeMbarrierPhase(t, offset, b))
    abandon(t);
}

/// Returns once the phase of the mbarrier with parity `parity` has
/// completed: at once when the current phase has the other parity, else
/// when the current phase completes.
void mbarrierWaitCallback(tilec_simt_thread *ctx, void *mbarrier, uint32_t parity) {
  SimtThread *t = self(ctx);
  uint64_t offset = 0;
  Mbarrier &b = mbarrierAt(t, mbarrier, "mbarrier wait", false, offset);
  if (parity > 1) {
    t->program->fail(t,
                     "mbarrier wait for parity " + std::to_string(parity) + " (expected 0 or 1)");
    abandon(t);
  }
  if ((b.phase & 1) != parity)
    return;
  t->mbarrierOffset = offset;
  t->mbarrierPhase = b.phase;
  // (Entries of the map stay put: it is cleared only between programs.)
  while (b.phase == t->mbarrierPhase) {
    t->state = State::InMbarrierWait;
    yield(t);
  }
}

void failCallback(tilec_simt_thread *ctx, uint32_t code, uint64_t detail) {
  SimtThread *t = self(ctx);
  if (code == TILEC_SIMT_FAIL_SHARED_OOB) {
    t->program->fail(t, "shared memory access out of bounds at offset " +
                            std::to_string(int64_t(detail)) + " (size " +
                            std::to_string(ctx->shared_size) + ")");
  } else if (code == TILEC_SIMT_FAIL_MISALIGNED_GLOBAL) {
    t->program->fail(t, std::to_string(detail >> 56) + "-byte global memory access at " +
                            hexAddress(detail & ((uint64_t(1) << 56) - 1)) + ", which is not " +
                            std::to_string(detail >> 56) + "-byte aligned (a GPU faults on it)");
  } else {
    t->program->fail(t, "failure " + std::to_string(code) + " (detail " +
                            std::to_string(detail) + ")");
  }
  abandon(t);
}

/// Why no fiber can run: a shuffle from a lane that exited or waits at a
/// barrier, an mma.sync that part of the warp never reaches, else a barrier
/// that part of the block never reaches.
std::string Program::stuckMessage(const SimtThread *&about) const {
  uint32_t warpSize = launch->warpSize;
  auto absence = [](const SimtThread &t) {
    switch (t.state) {
    case State::Done:
      return "has exited";
    case State::InShuffle:
      return "is in a shuffle";
    case State::InMma:
      return t.mmaKind >= TILEC_SIMT_MFMA_32X32X8_F32_F16 ? "is in an MFMA" : "is in an mma.sync";
    case State::InLdmatrix:
      return "is in an ldmatrix";
    case State::InWgmma:
      return "is in a wgmma";
    case State::InMbarrierWait:
      return "waits on an mbarrier";
    default:
      return "waits at a barrier";
    }
  };
  // mma.sync and ldmatrix need the whole warp, wgmma the whole warpgroup.
  for (const SimtThread &t : threads) {
    if (t.state != State::InMma && t.state != State::InLdmatrix && t.state != State::InWgmma)
      continue;
    uint32_t lanes = t.state == State::InWgmma ? kWarpgroupThreads : warpSize;
    uint32_t base = t.ctx.thread_id / lanes * lanes;
    for (uint32_t i = 0; i < lanes && base + i < threads.size(); ++i) {
      const SimtThread &other = threads[base + i];
      if (other.state != t.state) {
        about = &t;
        return std::string(t.state == State::InLdmatrix                  ? "ldmatrix"
                           : t.state == State::InWgmma                    ? "wgmma"
                           : t.mmaKind >= TILEC_SIMT_MFMA_32X32X8_F32_F16 ? "MFMA"
                                                                          : "mma.sync") +
               " with an inactive lane (thread " + std::to_string(other.ctx.thread_id) +
               (t.state == State::InWgmma ? " of its warpgroup " : " of its warp ") +
               absence(other) + ")";
      }
    }
  }
  for (const SimtThread &t : threads) {
    if (t.state != State::InShuffle)
      continue;
    const SimtThread &source =
        threads[t.ctx.thread_id / warpSize * warpSize + t.source];
    if (source.state != State::InShuffle) {
      about = &t;
      return "shuffle from an inactive lane (lane " + std::to_string(t.source) +
             ", thread " + std::to_string(source.ctx.thread_id) + ", " +
             absence(source) + ")";
    }
  }
  // An mbarrier wait whose phase the other threads, all blocked, cannot
  // complete.
  for (const SimtThread &t : threads) {
    if (t.state != State::InMbarrierWait)
      continue;
    about = &t;
    return "deadlock: mbarrier wait for phase " + std::to_string(t.mbarrierPhase) +
           " can never complete (every thread of the program waits or has exited): " +
           mbarrierPhaseState(mbarriers.at(t.mbarrierOffset), t.mbarrierOffset);
  }
  about = nullptr;
  uint32_t atBarrierNow = 0;
  for (const SimtThread &t : threads)
    atBarrierNow += t.state == State::AtBarrier;
  if (atBarrierNow)
    return "barrier reached by only part of the block (" +
           std::to_string(atBarrierNow) + " of " +
           std::to_string(threads.size()) + " threads; " +
           std::to_string(done) + " exited)";
  // Shuffles whose sources all wait, with another lane of the warp missing.
  for (const SimtThread &t : threads)
    if (t.state != State::InShuffle && t.state != State::Ready) {
      uint32_t base = t.ctx.thread_id / warpSize * warpSize;
      for (uint32_t i = 0; i < warpSize; ++i)
        if (threads[base + i].state == State::InShuffle) {
          about = &threads[base + i];
          return "shuffle from an inactive lane (thread " +
                 std::to_string(t.ctx.thread_id) + " of its warp " +
                 absence(t) + ")";
        }
    }
  return "the threads cannot make progress";
}

void Program::run(Launch &l, const int32_t programId[3]) {
  launch = &l;
  std::memcpy(pid, programId, sizeof(pid));
  atBarrier = done = 0;
  failed = false;
  std::fill(warpArrived.begin(), warpArrived.end(), 0);
  std::fill(mmaArrived.begin(), mmaArrived.end(), 0);
  std::fill(groupArrived.begin(), groupArrived.end(), 0);
  for (std::vector<WgmmaClaim> &claims : wgmmaClaims)
    claims.clear();
  mbarriers.clear();
  for (uint32_t i = 0; i < l.numThreads; ++i) {
    SimtThread &t = threads[i];
    t.ctx = {i,
             l.warpSize,
             shared,
             l.sharedBytes,
             barrierCallback,
             shuffleCallback,
             failCallback,
             &t,
             mmaCallback,
             ldmatrixCallback,
             mfmaCallback,
             asyncCopyCallback,
             asyncCommitCallback,
             asyncWaitCallback,
             wgmmaCallback,
             wgmmaCommitCallback,
             wgmmaWaitCallback,
             tmaLoadCallback,
             mbarrierInitCallback,
             mbarrierArriveExpectTxCallback,
             mbarrierWaitCallback,
             tmaStoreCallback};
    t.program = this;
    t.pendingCopies.clear();
    t.groupsCommitted = 0;
    t.wgmmaCommitted = t.wgmmaWaited = 0;
    t.state = State::Ready;
    makeContext(t.context, stacks[i], stackSize, fiberMain, &t);
  }
  while (!failed && done < l.numThreads) {
    bool ran = false;
    for (SimtThread &t : threads) {
      if (t.state != State::Ready)
        continue;
      ran = true;
      switchContext(scheduler, t.context);
      if (failed)
        return;
    }
    if (!ran) {
      const SimtThread *about = nullptr;
      std::string message = stuckMessage(about);
      fail(about, message);
      return;
    }
  }
}

/// The program state of this pool thread.
Program &threadProgram() {
  thread_local Program program;
  return program;
}

void runRange(void *c, int64_t begin, int64_t end) {
  Launch &l = *static_cast<Launch *>(c);
  AssertScope scope(&l.asserts);
  Program &program = threadProgram();
  std::string error = program.prepare(l);
  if (!error.empty()) {
    l.fail(error);
    return;
  }
  int64_t gx = l.grid[0], gy = l.grid[1];
  for (int64_t linear = begin; linear < end; ++linear) {
    if (l.failed.load(std::memory_order_acquire))
      return;
    int32_t pid[3] = {int32_t(linear % gx), int32_t(linear / gx % gy),
                      int32_t(linear / gx / gy)};
    program.run(l, pid);
  }
}

/// Threads per warp of the device: TILEC_SIMT_WARP_SIZE (32 or 64), else 32.
/// Returns 0 when the variable holds anything else.
uint32_t deviceWarpSize() {
  const char *env = std::getenv("TILEC_SIMT_WARP_SIZE");
  if (!env || !*env)
    return 32;
  if (std::strcmp(env, "32") == 0 || std::strcmp(env, "64") == 0)
    return uint32_t(std::atoi(env));
  return 0;
}

class SimtModule : public HostModule {
public:
  SimtModule(void *handle, PayloadFile file, HostDevice &device,
             uint32_t warpSize)
      : HostModule(handle, std::move(file)), device(device),
        warpSize(warpSize) {}

  tilec_status launch(void *fn, const tilec_kernel_metadata &k,
                      const uint32_t grid[3], void **args) override {
    Launch l;
    l.fn = reinterpret_cast<EntryFn>(fn);
    l.args = args;
    for (int i = 0; i < 3; ++i)
      l.grid[i] = int32_t(grid[i]);
    l.numThreads = k.num_warps * warpSize;
    l.warpSize = warpSize;
    l.sharedBytes = sharedBytes(k.name);
    device.threadPool().run(runRange, &l, int64_t(grid[0]) * grid[1] * grid[2]);
    std::fflush(stdout); // tl.device_print output, before the launch returns
    if (l.failed.load()) {
      std::string more;
      if (l.moreErrors)
        more =
            " (and " + std::to_string(l.moreErrors) + " more failing programs)";
      return tilec_status_create(TILEC_STATUS_LAUNCH_FAILED,
                                 "kernel '%s': %s%s", k.name, l.error.c_str(),
                                 more.c_str());
    }
    return l.asserts.status();
  }

private:
  /// `__tilec_simt_shared_bytes_NAME`, or 0 when the module has none.
  uint64_t sharedBytes(const char *kernel) {
    std::string symbol = std::string("__tilec_simt_shared_bytes_") + kernel;
    dlerror();
    auto *bytes = static_cast<const int64_t *>(dlsym(handle, symbol.c_str()));
    return bytes && *bytes > 0 ? uint64_t(*bytes) : 0;
  }

  HostDevice &device;
  uint32_t warpSize;
};

class SimtDevice : public HostDevice {
public:
  tilec_status query(tilec_device_info *info) override;

  tilec_status checkTarget(const tilec_module_image *img) override {
    if (tilec_status s = checkDriver(img, "simt"))
      return s;
    return checkFeatures(img);
  }

protected:
  const char *driverName() const override { return "simt"; }
  HostModule *createModule(const tilec_module_image *img, void *handle,
                           PayloadFile file) override {
    const char *arch = tilec_module_image_metadata(img)->arch;
    uint32_t warpSize = std::strcmp(arch, "warp64") == 0 ? 64 : 32;
    return new (std::nothrow)
        SimtModule(handle, std::move(file), *this, warpSize);
  }
};

/// TILEC_SIMT_WGMMA: 1 models sm_90a's wgmma (arch warp32-wgmma); unset, empty
/// or 0 does not; -1 for anything else.
int deviceWgmma() {
  const char *env = std::getenv("TILEC_SIMT_WGMMA");
  if (!env || !*env || std::strcmp(env, "0") == 0)
    return 0;
  return std::strcmp(env, "1") == 0 ? 1 : -1;
}

tilec_status simtProbe() {
  if (!deviceWarpSize())
    return tilec_status_create(
        TILEC_STATUS_UNAVAILABLE,
        "simt: TILEC_SIMT_WARP_SIZE='%s' is not 32 or 64",
        std::getenv("TILEC_SIMT_WARP_SIZE"));
  if (deviceWgmma() < 0 || (deviceWgmma() == 1 && deviceWarpSize() != 32))
    return tilec_status_create(
        TILEC_STATUS_UNAVAILABLE,
        "simt: TILEC_SIMT_WGMMA='%s' is not 0 or 1 (1 needs 32-lane warps)",
        std::getenv("TILEC_SIMT_WGMMA"));
  return nullptr;
}

int simtCount() { return deviceWarpSize() && deviceWgmma() >= 0 ? 1 : 0; }

tilec_status simtInfo(int ordinal, tilec_device_info *info) {
  if (tilec_status s = simtProbe())
    return s;
  if (tilec_status s = checkHostOrdinal("simt", ordinal))
    return s;
  hostDeviceInfo("simt", info);
  std::string name = "SIMT emulator on " + hostCpu().name;
  copyString(info->name, sizeof(info->name), name.c_str());
  copyString(info->arch, sizeof(info->arch),
             deviceWarpSize() == 64 ? "warp64"
             : deviceWgmma() == 1   ? "warp32-wgmma"
                                    : "warp32");
  return nullptr;
}

tilec_status SimtDevice::query(tilec_device_info *info) {
  return simtInfo(0, info);
}

tilec_status simtOpen(int ordinal, DeviceImpl **out) {
  if (tilec_status s = simtProbe())
    return s;
  if (tilec_status s = checkHostOrdinal("simt", ordinal))
    return s;
  *out = new (std::nothrow) SimtDevice;
  return *out ? nullptr
              : tilec_status_create(TILEC_STATUS_OUT_OF_MEMORY,
                                    "simt: out of memory opening the device");
}

} // namespace

const Driver &tilec::simtDriver() {
  static const Driver d = {"simt", simtProbe, simtCount, simtInfo, simtOpen};
  return d;
}
