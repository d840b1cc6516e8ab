/* Hand-written SIMT test kernels implementing the __tilec_simt_entry_* ABI
 * (tilec/simt.h): the conformance suite's kernels, written as a GPU would run
 * them, and kernels that exercise barriers, shuffles, shared memory, wgmma,
 * TMA copies and mbarriers, and the emulator's error reports. */
#include "tilec/simt.h"

#include <stdint.h>
#include <string.h>

#include "scalars.h"

typedef tilec_simt_thread thread;

/* The device assertion hook slot, filled by the runtime at load time. */
void (*__tilec_assert_hook)(const char *message, const char *file, int32_t line,
                            const char *function, int32_t pid_x, int32_t pid_y,
                            int32_t pid_z);

static uint32_t shfl_xor(thread *t, uint32_t v, uint32_t mask) {
  return t->shuffle(t, v, mask, TILEC_SIMT_SHUFFLE_XOR);
}

static uint32_t shfl_idx(thread *t, uint32_t v, uint32_t lane) {
  return t->shuffle(t, v, lane, TILEC_SIMT_SHUFFLE_IDX);
}

/* A checked shared-memory access, as the compiler emits it. */
static int32_t *shared_i32(thread *t, uint64_t index) {
  uint64_t offset = index * 4;
  if (offset + 4 > t->shared_size)
    t->fail(t, TILEC_SIMT_FAIL_SHARED_OOB, offset);
  return (int32_t *)(t->shared + offset);
}

/*===------------------------------------------------------------------===*
 * The conformance suite's kernels (test_kernels.meta.in).
 *===------------------------------------------------------------------===*/

/* record_pid(*i32 out), 4 warps: out[4*pid..] = x, y, z, and 1 when every
   thread of the program ran (counted in shared memory between barriers). */
const int64_t __tilec_simt_shared_bytes_record_pid = 16;
void __tilec_simt_entry_record_pid(void **args, const int32_t grid[3],
                                   const int32_t pid[3], thread *t) {
  int32_t *out = *(int32_t **)args[0];
  int64_t linear =
      pid[0] + (int64_t)grid[0] * (pid[1] + (int64_t)grid[1] * pid[2]);
  uint32_t threads = 4 * t->warp_size;
  if (t->thread_id == 0)
    *shared_i32(t, 0) = 0;
  t->barrier(t);
  *shared_i32(t, 0) += 1;
  t->barrier(t);
  if (t->thread_id == threads - 1) {
    out[4 * linear + 0] = pid[0];
    out[4 * linear + 1] = pid[1];
    out[4 * linear + 2] = pid[2];
    __atomic_fetch_add(&out[4 * linear + 3],
                       *shared_i32(t, 0) == (int32_t)threads ? 1 : 100,
                       __ATOMIC_RELAXED);
  }
}

/* add_kernel(*fp32 x, *fp32 y, *fp32 out, i32 n), BLOCK_SIZE = 64: thread i
   adds element i, and its sum goes to its xor-1 neighbour and back. */
void __tilec_simt_entry_add_kernel(void **args, const int32_t grid[3],
                                   const int32_t pid[3], thread *t) {
  const float *x = *(const float **)args[0];
  const float *y = *(const float **)args[1];
  float *out = *(float **)args[2];
  int32_t n = *(const int32_t *)args[3];
  int64_t i = (int64_t)pid[0] * 64 + t->thread_id;
  int active = t->thread_id < 64 && i < n;
  float sum = active ? x[i] + y[i] : 0.0f;
  uint32_t bits;
  (void)grid;
  memcpy(&bits, &sum, 4);
  bits = shfl_xor(t, shfl_xor(t, bits, 1), 1);
  memcpy(&sum, &bits, 4);
  if (active)
    out[i] = sum;
}

/* scalars(*fp64 out, i1, ..., fp64), 1 warp: written by the last thread of
   program 0. */
void __tilec_simt_entry_scalars(void **args, const int32_t grid[3],
                                const int32_t pid[3], thread *t) {
  (void)grid;
  if (pid[0] != 0 || t->thread_id != t->warp_size - 1)
    return;
  write_scalars(args);
}

/* scale_i64(*i64 data, i64 factor): thread 0 reads data[pid] into shared
   memory; after a barrier, lane 0 of the last warp broadcasts the product's
   halves to its warp by shuffles, and its last lane stores it. */
const int64_t __tilec_simt_shared_bytes_scale_i64 = 8;
void __tilec_simt_entry_scale_i64(void **args, const int32_t grid[3],
                                  const int32_t pid[3], thread *t) {
  int64_t *data = *(int64_t **)args[0];
  int64_t factor = *(const int64_t *)args[1];
  uint32_t threads = 4 * t->warp_size, lane = t->thread_id % t->warp_size;
  (void)grid;
  if (t->thread_id == 0) {
    int64_t value = data[pid[0]];
    memcpy(shared_i32(t, 0), &value, 8);
  }
  t->barrier(t);
  if (t->thread_id / t->warp_size != threads / t->warp_size - 1)
    return;
  uint64_t product = 0;
  if (lane == 0) {
    int64_t value;
    memcpy(&value, t->shared, 8);
    product = (uint64_t)(value * factor);
  }
  uint64_t lo = shfl_idx(t, (uint32_t)product, 0),
           hi = shfl_idx(t, (uint32_t)(product >> 32), 0);
  if (lane == t->warp_size - 1)
    data[pid[0]] = (int64_t)(hi << 32 | lo);
}

/* scratch_slots(*i64 out), global_scratch 256, 4 warps: the runtime appends
   the scratch buffer as args[1]. Thread 0 fills its program's 256-byte slot
   with pid << 8 | word; after a barrier the last thread reads word
   (7*pid + 3) % 32 back into out[2*pid] and stores the buffer's address in
   out[2*pid+1]. */
void __tilec_simt_entry_scratch_slots(void **args, const int32_t grid[3], const int32_t pid[3],
                                      thread *t) {
  int64_t *out = *(int64_t **)args[0];
  char *scratch = *(char **)args[1];
  int64_t linear = pid[0] + (int64_t)grid[0] * (pid[1] + (int64_t)grid[1] * pid[2]);
  int64_t *slot = (int64_t *)(scratch + linear * 256);
  if (t->thread_id == 0)
    for (int64_t word = 0; word < 32; ++word)
      slot[word] = linear << 8 | word;
  t->barrier(t);
  if (t->thread_id == 4 * t->warp_size - 1) {
    out[2 * linear] = slot[(7 * linear + 3) % 32];
    out[2 * linear + 1] = (int64_t)(intptr_t)scratch;
  }
}

/*===------------------------------------------------------------------===*
 * SIMT kernels (simt_kernels.meta.in).
 *===------------------------------------------------------------------===*/

/* block_sum(*i32 in, *i32 out), 4 warps: out[pid] = the sum of the program's
   4*warp_size inputs, by xor shuffles within warps, shared memory across
   warps, and an idx shuffle that broadcasts each warp's total. */
const int64_t __tilec_simt_shared_bytes_block_sum = 4 * 4;
void __tilec_simt_entry_block_sum(void **args, const int32_t grid[3],
                                  const int32_t pid[3], thread *t) {
  const int32_t *in = *(const int32_t **)args[0];
  int32_t *out = *(int32_t **)args[1];
  uint32_t threads = 4 * t->warp_size, lane = t->thread_id % t->warp_size,
           warp = t->thread_id / t->warp_size;
  (void)grid;
  uint32_t v = (uint32_t)in[pid[0] * threads + t->thread_id];
  for (uint32_t mask = t->warp_size / 2; mask; mask /= 2)
    v += shfl_xor(t, v, mask);
  uint32_t total = shfl_idx(t, v, (lane + 5) % t->warp_size);
  if (total != v)
    v = 0x7fffffff; /* lanes disagree: a wrong result */
  if (lane == 0)
    *shared_i32(t, warp) = (int32_t)v;
  t->barrier(t);
  if (t->thread_id == 0)
    out[pid[0]] = *shared_i32(t, 0) + *shared_i32(t, 1) + *shared_i32(t, 2) +
                  *shared_i32(t, 3);
}

/* partial_barrier(*i32 out): threads from `first_exit` on return; the others
   wait at a barrier that can never complete. */
void __tilec_simt_entry_partial_barrier(void **args, const int32_t grid[3],
                                        const int32_t pid[3], thread *t) {
  int32_t first_exit = *(const int32_t *)args[1];
  (void)grid;
  (void)pid;
  if ((int32_t)t->thread_id >= first_exit)
    return;
  t->barrier(t);
  (*(int32_t **)args[0])[t->thread_id] = 1;
}

/* inactive_shuffle(*i32 out, i32 lane): `lane` of warp 0 returns; the other
   lanes read their xor-1 neighbour. */
void __tilec_simt_entry_inactive_shuffle(void **args, const int32_t grid[3],
                                         const int32_t pid[3], thread *t) {
  int32_t *out = *(int32_t **)args[0];
  int32_t lane = *(const int32_t *)args[1];
  (void)grid;
  (void)pid;
  if ((int32_t)t->thread_id == lane)
    return;
  out[t->thread_id] = (int32_t)shfl_xor(t, t->thread_id, 1);
}

/* shared_oob(*i32 out, i32 index): thread 7 accesses shared i32 `index` of
   16 (64 bytes). */
const int64_t __tilec_simt_shared_bytes_shared_oob = 64;
void __tilec_simt_entry_shared_oob(void **args, const int32_t grid[3],
                                   const int32_t pid[3], thread *t) {
  int32_t *out = *(int32_t **)args[0];
  int32_t index = *(const int32_t *)args[1];
  (void)grid;
  (void)pid;
  if (t->thread_id == 7)
    *shared_i32(t, (uint64_t)(int64_t)index) = 5;
  t->barrier(t);
  if (t->thread_id == 0)
    out[0] = 1;
}

/* shuffle_lane(*i32 out, i32 lane): every lane reads lane `lane`. */
void __tilec_simt_entry_shuffle_lane(void **args, const int32_t grid[3],
                                     const int32_t pid[3], thread *t) {
  int32_t *out = *(int32_t **)args[0];
  uint32_t lane = (uint32_t) * (const int32_t *)args[1];
  (void)grid;
  (void)pid;
  out[t->thread_id] = (int32_t)shfl_idx(t, t->thread_id * 10, lane);
}

/* assert_positive(*i32 data): thread 3 asserts data[pid] > 0, as compiled
   kernels do through the module's hook. */
void __tilec_simt_entry_assert_positive(void **args, const int32_t grid[3],
                                        const int32_t pid[3], thread *t) {
  const int32_t *data = *(const int32_t **)args[0];
  (void)grid;
  if (t->thread_id == 3 && data[pid[0]] <= 0 && __tilec_assert_hook)
    __tilec_assert_hook("data > 0", "simt_kernels.c", 42, "assert_positive",
                        pid[0], pid[1], pid[2]);
}

/* wgmma_race(*i32 out, i32 mode), 4 warps of 32 lanes (one warpgroup): one
   m64n8k16 f16 wgmma reads A (64x16, K-major, unswizzled, shared bytes
   [0, 2048)) and B (16x8, bytes [2048, 2304)); then thread 5 writes 16 zero
   bytes into shared offset `mode & 0xffff`, after the warpgroup's
   wgmma.wait_group 0 and a barrier (mode bit 16 clear) or before the wait
   (set): by a cp.async (mode bit 17 clear) or by a cp.async.bulk.tensor
   against an mbarrier at shared offset 4088, which mode bit 18 issues before
   the wgmma and completes (lands) by the arrival after it.
   out[thread] = 1 when the thread is done. */
const int64_t __tilec_simt_shared_bytes_wgmma_race = 4096;
void __tilec_simt_entry_wgmma_race(void **args, const int32_t grid[3], const int32_t pid[3],
                                   thread *t) {
  int32_t *out = *(int32_t **)args[0];
  int32_t mode = *(const int32_t *)args[1];
  uint32_t offset = (uint32_t)mode & 0xffff;
  int before_wait = (mode >> 16) & 1, tma = (mode >> 17) & 1, tma_early = (mode >> 18) & 1;
  void *mbarrier = t->shared + 4088;
  /* The first 4 i32 of `out` (zeros) as a rank-1 tensor: one 16-byte box. */
  _Alignas(64) tilec_simt_tensor_map map;
  const int32_t origin[1] = {0};
  memset(&map, 0, sizeof(map));
  map.base = (uint64_t)(uintptr_t)out;
  map.rank = 1;
  map.elem_bytes = 4;
  map.sizes[0] = 4;
  map.box[0] = 4;
  (void)grid;
  (void)pid;
  if (t->thread_id < 2304 / 16)
    memset(t->shared + 16 * t->thread_id, 0, 16);
  t->barrier(t);
  if (t->thread_id == 5 && tma) {
    t->mbarrier_init(t, mbarrier, 1);
    if (tma_early)
      t->tma_load(t, &map, origin, t->shared + offset, mbarrier);
  }
  /* Descriptor fields in 16-byte units: start, leading byte offset 128 (the
     next 8 columns of K), stride byte offset 256 (the next 8 rows). */
  uint64_t fields = (uint64_t)(128 >> 4) << 16 | (uint64_t)(256 >> 4) << 32;
  float d[4] = {0, 0, 0, 0};
  t->wgmma(t, TILEC_SIMT_WGMMA_F32_F16, fields, fields | (2048 >> 4), 8, d);
  t->wgmma_commit(t);
  if (!before_wait) {
    /* Every thread of the warpgroup has waited once all pass the barrier. */
    t->wgmma_wait(t, 0);
    t->barrier(t);
  }
  if (t->thread_id == 5 && tma) {
    t->mbarrier_arrive_expect_tx(t, mbarrier, 16);
    if (!tma_early)
      t->tma_load(t, &map, origin, t->shared + offset, mbarrier);
    t->mbarrier_wait(t, mbarrier, 0);
  } else if (t->thread_id == 5) {
    t->async_copy(t, t->shared + offset, out, 16, 0);
    t->async_commit(t);
    t->async_wait(t, 0);
  }
  if (before_wait)
    t->wgmma_wait(t, 0);
  out[t->thread_id] = 1;
}

/* Shared memory of the TMA kernels: mbarriers from offset 0, boxes from
   offset 1024 (aligned to every swizzle's repeat). */
enum { TMA_BOXES = 1024, TMA_SHARED_BYTES = 1024 + 8192 };

/* Flags of tma_copy's control[8]. */
enum {
  TMA_COPY_FIRST = 1,    /* copy, read the box before arriving, then arrive */
  TMA_NO_ARRIVE = 2,     /* never arrive */
  TMA_NO_INIT = 4,       /* leave the mbarrier uninitialized */
  TMA_NO_COPY = 8,       /* thread 0 neither arrives nor copies */
  TMA_WARPS_ARRIVE = 16, /* lane 0 of every other warp arrives too (no bytes) */
  TMA_COUNT_WARPS = 32   /* the mbarrier expects one arrival per warp */
};

/* tma_copy(*u8 map, *i32 control, *u8 out), 4 warps: the box of the tensor
   map at byte control[9] of `map` whose first element is at control[0..4]
   goes by one cp.async.bulk.tensor into shared offset control[7] (filled
   with 0xA5 first), against an mbarrier at shared offset control[10] that
   thread 0 initializes with one arrival (TMA_COUNT_WARPS: 4). Thread 0
   arrives expecting control[6] transaction bytes, then copies (flags
   control[8]: TMA_*). Every thread waits for phase 0, then out[n + i] = box
   byte i for n = control[5] bytes; with TMA_COPY_FIRST, out[i] is what
   thread 0 read there between its copy and its arrival. */
const int64_t __tilec_simt_shared_bytes_tma_copy = TMA_SHARED_BYTES;
void __tilec_simt_entry_tma_copy(void **args, const int32_t grid[3], const int32_t pid[3],
                                 thread *t) {
  const char *map = *(const char **)args[0];
  const int32_t *control = *(const int32_t **)args[1];
  unsigned char *out = *(unsigned char **)args[2];
  uint32_t threads = 4 * t->warp_size, n = (uint32_t)control[5], flags = (uint32_t)control[8];
  const tilec_simt_tensor_map *tensor = (const tilec_simt_tensor_map *)(map + control[9]);
  char *box = t->shared + control[7];
  void *mbarrier = t->shared + control[10];
  (void)grid;
  (void)pid;
  for (uint32_t i = t->thread_id; i < n; i += threads)
    box[i] = (char)0xA5;
  if (t->thread_id == 0 && !(flags & TMA_NO_INIT))
    t->mbarrier_init(t, mbarrier, flags & TMA_COUNT_WARPS ? 4 : 1);
  t->barrier(t);
  if ((flags & TMA_WARPS_ARRIVE) && t->thread_id && t->thread_id % t->warp_size == 0)
    t->mbarrier_arrive_expect_tx(t, mbarrier, 0);
  if (t->thread_id == 0 && !(flags & TMA_NO_COPY)) {
    if (flags & TMA_COPY_FIRST) {
      t->tma_load(t, tensor, control, box, mbarrier);
      memcpy(out, box, n);
    }
    if (!(flags & TMA_NO_ARRIVE))
      t->mbarrier_arrive_expect_tx(t, mbarrier, (uint32_t)control[6]);
    if (!(flags & TMA_COPY_FIRST))
      t->tma_load(t, tensor, control, box, mbarrier);
  }
  t->mbarrier_wait(t, mbarrier, 0);
  for (uint32_t i = t->thread_id; i < n; i += threads)
    out[n + i] = (unsigned char)box[i];
}

/* tma_roundtrip(*u8 maps, *i32 control, *u8 out), 4 warps: thread 0 loads the
   box of map 0 at control[0..4] into shared offset TMA_BOXES (its mbarrier at
   offset 0, control[5] bytes expected); once the phase completes, it writes
   the box back with map 1 at the same coordinates (tma_store), which writes
   only the part inside map 1's tensor. `out` is unused. */
const int64_t __tilec_simt_shared_bytes_tma_roundtrip = TMA_SHARED_BYTES;
void __tilec_simt_entry_tma_roundtrip(void **args, const int32_t grid[3], const int32_t pid[3],
                                      thread *t) {
  const tilec_simt_tensor_map *maps = *(const tilec_simt_tensor_map **)args[0];
  const int32_t *control = *(const int32_t **)args[1];
  char *box = t->shared + TMA_BOXES;
  void *mbarrier = t->shared;
  (void)grid;
  (void)pid;
  if (t->thread_id == 0) {
    t->mbarrier_init(t, mbarrier, 1);
    t->mbarrier_arrive_expect_tx(t, mbarrier, (uint32_t)control[5]);
    t->tma_load(t, &maps[0], control, box, mbarrier);
  }
  t->barrier(t);
  t->mbarrier_wait(t, mbarrier, 0);
  if (t->thread_id == 0)
    t->tma_store(t, &maps[1], control, box);
}

/* tma_pipeline(*u8 map, *i32 control, *u8 out), 4 warps: the boxes of the
   tensor map at (0, tile * box[1]) for tile = 0 .. control[1]-1 stream
   through a ring of control[0] (1 .. 3) buffers of 2048 bytes, each with its
   mbarrier (shared offset 8 * stage), as a software pipeline uses them:
   thread 0 fills every buffer first; for each tile, every thread waits for
   its buffer's phase (parity tile / stages % 2) and copies the box
   (control[2] bytes) to out[tile * control[2] ..]; after a barrier thread 0
   refills the buffer with tile + stages. */
/* Thread 0 of tma_pipeline: `tile` (n bytes) into its stage's buffer. */
static void tma_fill_stage(thread *t, const tilec_simt_tensor_map *map, uint32_t tile,
                           uint32_t stages, uint32_t n) {
  uint32_t stage = tile % stages;
  int32_t coords[5] = {0, (int32_t)(tile * map->box[1]), 0, 0, 0};
  t->mbarrier_arrive_expect_tx(t, t->shared + 8 * stage, n);
  t->tma_load(t, map, coords, t->shared + TMA_BOXES + 2048 * stage, t->shared + 8 * stage);
}

const int64_t __tilec_simt_shared_bytes_tma_pipeline = TMA_SHARED_BYTES;
void __tilec_simt_entry_tma_pipeline(void **args, const int32_t grid[3], const int32_t pid[3],
                                     thread *t) {
  const tilec_simt_tensor_map *map = *(const tilec_simt_tensor_map **)args[0];
  const int32_t *control = *(const int32_t **)args[1];
  unsigned char *out = *(unsigned char **)args[2];
  uint32_t threads = 4 * t->warp_size, stages = (uint32_t)control[0], tiles = (uint32_t)control[1],
           n = (uint32_t)control[2];
  (void)grid;
  (void)pid;
  if (t->thread_id == 0) {
    for (uint32_t stage = 0; stage < stages; ++stage)
      t->mbarrier_init(t, t->shared + 8 * stage, 1);
    for (uint32_t tile = 0; tile < stages && tile < tiles; ++tile)
      tma_fill_stage(t, map, tile, stages, n);
  }
  t->barrier(t); /* the mbarriers are initialized */
  for (uint32_t tile = 0; tile < tiles; ++tile) {
    uint32_t stage = tile % stages;
    const char *box = t->shared + TMA_BOXES + 2048 * stage;
    t->mbarrier_wait(t, t->shared + 8 * stage, (tile / stages) & 1);
    for (uint32_t i = t->thread_id; i < n; i += threads)
      out[(size_t)tile * n + i] = (unsigned char)box[i];
    t->barrier(t); /* every thread has read the buffer before its refill */
    if (t->thread_id == 0 && tile + stages < tiles)
      tma_fill_stage(t, map, tile + stages, stages, n);
  }
}

/* tma_wgmma(*u8 maps, *i32 control, *fp32 out), 4 warps of 32 lanes (one
   warpgroup): A (64 x 16 f16, K-major) and B (16 x 8 f16 as its 8 K-major
   columns) come by cp.async.bulk.tensor from the tensor maps at `maps` and
   `maps` + 128 (boxes at control[0..1] and control[2..3], 32-byte rows
   swizzled by 32 bytes) into shared offsets 1024 and 3072; after the
   mbarrier wait, one m64n8k16 wgmma reads them through descriptors with the
   same swizzle, and out[4 * thread + r] = the thread's accumulator r. */
const int64_t __tilec_simt_shared_bytes_tma_wgmma = TMA_SHARED_BYTES;
void __tilec_simt_entry_tma_wgmma(void **args, const int32_t grid[3], const int32_t pid[3],
                                  thread *t) {
  const tilec_simt_tensor_map *maps = *(const tilec_simt_tensor_map **)args[0];
  const int32_t *control = *(const int32_t **)args[1];
  float *out = *(float **)args[2];
  (void)grid;
  (void)pid;
  if (t->thread_id == 0) {
    t->mbarrier_init(t, t->shared, 1);
    t->mbarrier_arrive_expect_tx(t, t->shared, 64 * 32 + 8 * 32);
    t->tma_load(t, &maps[0], control, t->shared + TMA_BOXES, t->shared);
    t->tma_load(t, &maps[1], control + 2, t->shared + 3072, t->shared);
  }
  t->barrier(t); /* the mbarrier is initialized */
  t->mbarrier_wait(t, t->shared, 0);
  /* Descriptors: start (16-byte units), stride byte offset 256 (the next 8
     rows of 32 bytes), 32-byte swizzle (mode 3 in bits 62-63). */
  uint64_t fields = (uint64_t)(256 >> 4) << 32 | (uint64_t)3 << 62;
  float d[4] = {0, 0, 0, 0};
  t->wgmma(t, TILEC_SIMT_WGMMA_F32_F16, fields | (TMA_BOXES >> 4), fields | (3072 >> 4), 8, d);
  t->wgmma_commit(t);
  t->wgmma_wait(t, 0);
  memcpy(out + 4 * t->thread_id, d, sizeof(d));
}
