/* The thread context of the SIMT emulator: the ABI between kernels compiled
 * with --target simt and the runtime's simt driver. */
#ifndef TILEC_SIMT_H
#define TILEC_SIMT_H

/*
 * A kernel compiled for the `simt` target is the GPU lowering compiled for the
 * host CPU. The module exports, for each kernel NAME,
 *
 *   void __tilec_simt_entry_NAME(void **args, const int32_t grid[3],
 *                                const int32_t pid[3], tilec_simt_thread *ctx);
 *
 * which runs one thread (ctx->thread_id) of program `pid` (args[i] points to
 * parameter i's value; for a kernel with `global_scratch B`, args[n] after
 * its n parameters points to the global scratch buffer's pointer, see
 * tilec/module_format.h), and optionally
 *
 *   const int64_t __tilec_simt_shared_bytes_NAME;
 *
 * the bytes of shared memory each program uses (absent: none). The runtime
 * calls the entry once per thread of every program, each thread on its own
 * fiber; the callbacks below switch fibers where threads must wait for each
 * other. The compiler reaches the fields by their offsets, which the
 * static_asserts below pin.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tilec_simt_thread tilec_simt_thread;

/** Codes passed to tilec_simt_thread.fail. */
enum {
  /** A shared-memory access outside [shared, shared + shared_size);
   *  `detail` is the offset of the access from `shared`. */
  TILEC_SIMT_FAIL_SHARED_OOB = 1,
  /** A vector access to global memory at an address not aligned to its
   *  size, which a GPU faults on; `detail` is the address, with the size in
   *  bytes in its top 8 bits. */
  TILEC_SIMT_FAIL_MISALIGNED_GLOBAL = 2
};

/** Kinds of tilec_simt_thread.shuffle. */
enum {
  TILEC_SIMT_SHUFFLE_XOR = 0, /**< read lane (lane ^ lane_or_mask) */
  TILEC_SIMT_SHUFFLE_IDX = 1  /**< read lane lane_or_mask */
};

/** Kinds of tilec_simt_thread.mma: mma.sync.aligned.m16n8k16.row.col with
 *  f32 accumulators and f16 or bf16 operands, m16n8k8 with tf32 operands and
 *  f32 accumulators, m16n8k32 with s8 operands and s32 accumulators, and
 *  m16n8k32 with fp8 operands (A's format, then B's: e4m3 is e4m3fn, whose
 *  only NaNs are S.1111.111 and which has no infinity; e5m2 is IEEE-like) and
 *  f32 accumulators (sm_89 and later). */
enum {
  TILEC_SIMT_MMA_M16N8K16_F32_F16 = 0,
  TILEC_SIMT_MMA_M16N8K16_F32_BF16 = 1,
  TILEC_SIMT_MMA_M16N8K8_F32_TF32 = 2,
  TILEC_SIMT_MMA_M16N8K32_S32_S8 = 3,
  TILEC_SIMT_MMA_M16N8K32_F32_E4M3_E4M3 = 4,
  TILEC_SIMT_MMA_M16N8K32_F32_E4M3_E5M2 = 5,
  TILEC_SIMT_MMA_M16N8K32_F32_E5M2_E4M3 = 6,
  TILEC_SIMT_MMA_M16N8K32_F32_E5M2_E5M2 = 7
};

/** One lane's fragments of an mma.sync, in the PTX ISA's order: four 32-bit
 *  registers of A, two of B, four of C, each register holding w = 2 (f16,
 *  bf16), 1 (tf32) or 4 (s8) operand elements, the lowest K first. With
 *  g = lane / 4 and t = lane % 4, A's register r holds A[g + 8 * (r % 2)]
 *  [w * t + 4w * (r / 2) ..], B's register r holds B[w * t + 4w * r ..][g],
 *  and c[i] is C[g + 8 * (i / 2)][2t + i % 2]. For m16n8k16: a0 a1 =
 *  A[g][2t..2t+1], a2 a3 = A[g+8][2t..], a4..a7 the same eight columns
 *  further; b0 b1 = B[2t..2t+1][g], b2 b3 eight rows further. a and b hold
 *  the raw 16-bit patterns (a_f32, b_f32: tf32 values as f32, of which the
 *  instruction reads the top 19 bits; a_s8, b_s8: s8, or the fp8 bytes); c
 *  (c_s32 for s8) is replaced by the result D. */
typedef struct tilec_simt_mma_fragments {
  union {
    uint16_t a[8];
    float a_f32[4];
    int8_t a_s8[16];
  };
  union {
    uint16_t b[4];
    float b_f32[2];
    int8_t b_s8[8];
  };
  union {
    float c[4];
    int32_t c_s32[4];
  };
} tilec_simt_mma_fragments;

/** Kinds of tilec_simt_thread.wgmma: wgmma.mma_async.sync.aligned.m64nNk16
 *  with f32 accumulators and f16 or bf16 operands, m64nNk8 with tf32
 *  operands (f32 in shared memory, of which the top 19 bits are read; both
 *  K-major), m64nNk32 with s8 operands (both K-major) and s32 accumulators
 *  (`d` then holds int32 values; sums wrap), and m64nNk32 with fp8 operands
 *  (A's format, then B's, decoded as for mma.sync's fp8 kinds; both
 *  K-major) and f32 accumulators. */
enum {
  TILEC_SIMT_WGMMA_F32_F16 = 32,
  TILEC_SIMT_WGMMA_F32_BF16 = 33,
  TILEC_SIMT_WGMMA_F32_TF32 = 34,
  TILEC_SIMT_WGMMA_S32_S8 = 35,
  TILEC_SIMT_WGMMA_F32_E4M3_E4M3 = 36,
  TILEC_SIMT_WGMMA_F32_E4M3_E5M2 = 37,
  TILEC_SIMT_WGMMA_F32_E5M2_E4M3 = 38,
  TILEC_SIMT_WGMMA_F32_E5M2_E5M2 = 39
};
/** Flags of tilec_simt_thread.wgmma's `shape`, or'ed with N (8 .. 256, a
 *  multiple of 8): A, or B, is MN-major in shared memory (imm-trans-a and
 *  imm-trans-b of the PTX instruction). */
enum { TILEC_SIMT_WGMMA_TRANS_A = 0x10000, TILEC_SIMT_WGMMA_TRANS_B = 0x20000 };

/** Flag of tilec_simt_thread.ldmatrix's `shape`, or'ed with the count of
 *  8x8 matrices (1, 2 or 4): ldmatrix ... .trans. */
enum { TILEC_SIMT_LDMATRIX_TRANS = 0x100 };
/** Kinds of tilec_simt_thread.mfma on 64-lane waves: AMD
 *  v_mfma_f32_32x32x8f16, v_mfma_f32_32x32x8bf16_1k, v_mfma_f32_16x16x16f16,
 *  v_mfma_f32_16x16x16bf16_1k, v_mfma_f32_32x32x2f32, v_mfma_f32_16x16x4f32
 *  (f32 accumulators), v_mfma_i32_32x32x16_i8 and v_mfma_i32_16x16x32_i8
 *  (i32 accumulators). */
enum {
  TILEC_SIMT_MFMA_32X32X8_F32_F16 = 16,
  TILEC_SIMT_MFMA_32X32X8_F32_BF16 = 17,
  TILEC_SIMT_MFMA_16X16X16_F32_F16 = 18,
  TILEC_SIMT_MFMA_16X16X16_F32_BF16 = 19,
  TILEC_SIMT_MFMA_32X32X2_F32_F32 = 20,
  TILEC_SIMT_MFMA_16X16X4_F32_F32 = 21,
  TILEC_SIMT_MFMA_32X32X16_I32_I8 = 22,
  TILEC_SIMT_MFMA_16X16X32_I32_I8 = 23
};
/** Kinds of tilec_simt_thread.mfma with fp8 operands (CDNA3, gfx940-gfx942):
 *  v_mfma_f32_32x32x16_<A>_<B> (24 + f) and v_mfma_f32_16x16x32_<A>_<B>
 *  (28 + f), f = 2 * (A is bf8) + (B is bf8), with f32 accumulators and the
 *  registers of the i8 kinds (a_s8, b_s8 hold the bytes). fp8 is e4m3fnuz
 *  (bias 8), bf8 e5m2fnuz (bias 16): no infinities, no negative zero, 0x80
 *  the only NaN. */
enum {
  TILEC_SIMT_MFMA_32X32X16_F32_FP8_FP8 = 24,
  TILEC_SIMT_MFMA_32X32X16_F32_FP8_BF8 = 25,
  TILEC_SIMT_MFMA_32X32X16_F32_BF8_FP8 = 26,
  TILEC_SIMT_MFMA_32X32X16_F32_BF8_BF8 = 27,
  TILEC_SIMT_MFMA_16X16X32_F32_FP8_FP8 = 28,
  TILEC_SIMT_MFMA_16X16X32_F32_FP8_BF8 = 29,
  TILEC_SIMT_MFMA_16X16X32_F32_BF8_FP8 = 30,
  TILEC_SIMT_MFMA_16X16X32_F32_BF8_BF8 = 31
};

/** One lane's registers of an MFMA with N x N accumulator blocks (N = 32 or
 *  16, g = 64 / N lane groups, w = 4 elements per lane for f16/bf16, 1 for
 *  f32, 8 for i8, K = wg; AMD CDNA3 ISA, lane l): a[i] = A[l % N][w * (l / N)
 *  + i], b[i] = B[w * (l / N) + i][l % N], c[r] = C[4g * (r / 4) + 4 * (l / N)
 *  + r % 4][l % N] for r < N * N / 64 (16 or 4; the rest unused). a and b hold
 *  the raw 16-bit patterns (a_f32, b_f32: f32; a_s8, b_s8: i8, or the fp8
 *  bytes, w = 8); c (c_s32 for i8) is replaced by the result D. */
typedef struct tilec_simt_mfma_fragments {
  union {
    uint16_t a[4];
    float a_f32[1];
    int8_t a_s8[8];
  };
  union {
    uint16_t b[4];
    float b_f32[1];
    int8_t b_s8[8];
  };
  union {
    float c[16];
    int32_t c_s32[16];
  };
} tilec_simt_mfma_fragments;

/** A tensor map (TMA descriptor) as kernels compiled for `simt` build it in
 *  global memory: the fields of cuTensorMapEncodeTiled, dimension 0 the
 *  innermost (contiguous) one. 128 bytes, 64-byte aligned. */
typedef struct tilec_simt_tensor_map {
  /** Global address of element (0, ..., 0), 16-byte aligned. */
  uint64_t base;
  /** Dimensions, 1 .. 5. */
  uint32_t rank;
  /** Bytes per element: 1, 2, 4 or 8. */
  uint32_t elem_bytes;
  /** Global dimensions (elements), innermost first; sizes[d] for d >= rank
   *  unused. */
  uint64_t sizes[5];
  /** Byte stride of dimensions 1 .. rank-1 (strides[d-1] for dimension d),
   *  multiples of 16. */
  uint64_t strides[4];
  /** Box dimensions (elements), innermost first, each 1 .. 256;
   *  box[0]*elem_bytes a multiple of 16. */
  uint32_t box[5];
  /** 0 (none), 32, 64 or 128: bytes of the swizzle span;
   *  box[0]*elem_bytes <= swizzle when swizzle != 0. */
  uint32_t swizzle;
  /** Bit pattern (low elem_bytes bytes) written for elements outside
   *  [0, sizes[d]) in any dimension. */
  uint64_t oob_fill;
  /** Unused. */
  uint32_t reserved[2];
} tilec_simt_tensor_map;

struct tilec_simt_thread {
  /** Index of this thread within its program, 0 .. num_warps*warp_size-1. */
  uint32_t thread_id;
  /** Threads per warp (32 or 64); the lane is thread_id % warp_size. */
  uint32_t warp_size;
  /** The program's shared memory, 16-byte aligned, shared by its threads. */
  char *shared;
  /** Bytes at `shared` (the module's __tilec_simt_shared_bytes_NAME). */
  uint64_t shared_size;
  /** Returns once every thread of the program has called it. */
  void (*barrier)(tilec_simt_thread *self);
  /** Warp-synchronous exchange: every lane of the warp calls it, and each
   *  gets the `value` of the lane it names (`kind` is TILEC_SIMT_SHUFFLE_*). */
  uint32_t (*shuffle)(tilec_simt_thread *self, uint32_t value,
                      uint32_t lane_or_mask, uint32_t kind);
  /** Reports an error (TILEC_SIMT_FAIL_*) and abandons the program; never
   *  returns. The launch fails with a message naming the error. */
  void (*fail)(tilec_simt_thread *self, uint32_t code, uint64_t detail);
  /** Runtime-private: the fiber and program this thread belongs to. */
  void *runtime;
  /** Warp-synchronous matrix multiply-accumulate D = A * B + C of one
   *  mma.sync (`kind` is TILEC_SIMT_MMA_*): every lane of the warp calls it
   *  with its fragments, and each gets its fragment of D in fragments->c.
   *  Products are exact and summed in f32 in k order (s8: in s32, wrapping). */
  void (*mma)(tilec_simt_thread *self, uint32_t kind,
              tilec_simt_mma_fragments *fragments);
  /** Warp-synchronous `ldmatrix.sync.aligned.m8n8.x<count>[.trans].shared.b16`
   *  (`shape`: count | TILEC_SIMT_LDMATRIX_TRANS when transposed): every lane
   *  of the warp calls it; lane 8*j + r gives in `row` the address (in
   *  `shared`, 16-byte aligned) of row r of matrix j, eight 16-bit elements
   *  (lanes from 8*count on are ignored). Word j of each lane's `out` gets
   *  elements (lane/4, 2*(lane%4)) and (lane/4, 2*(lane%4)+1) of matrix j,
   *  the first in the low half; transposed, (2*(lane%4), lane/4) and
   *  (2*(lane%4)+1, lane/4). A row outside shared memory or misaligned fails
   *  the launch. */
  void (*ldmatrix)(tilec_simt_thread *self, uint32_t shape, const void *row,
                   uint32_t *out);
  /** Wave-synchronous matrix multiply-accumulate D = A * B + C of one AMD
   *  MFMA (`kind` is TILEC_SIMT_MFMA_*): every lane of the 64-lane warp calls
   *  it with its registers, and each gets its registers of D in fragments->c.
   *  Products are exact (f32: rounded to f32) and summed in f32 in k order
   *  (i8: in i32, wrapping). */
  void (*mfma)(tilec_simt_thread *self, uint32_t kind,
               tilec_simt_mfma_fragments *fragments);
  /** `cp.async` of `bytes` (4, 8 or 16) bytes from `src` (global memory) to
   *  `dst` (in `shared`, aligned to `bytes`): the first `src_bytes` come from
   *  `src` (read now) and the rest are zeros. The copy lands in shared memory
   *  only when an async_wait completes its group, so code that reads it
   *  without waiting sees the old contents. A `dst` outside shared memory or
   *  misaligned fails the launch. */
  void (*async_copy)(tilec_simt_thread *self, void *dst, const void *src,
                     uint32_t bytes, uint32_t src_bytes);
  /** `cp.async.commit_group`: the thread's copies since its last commit form
   *  one group. */
  void (*async_commit)(tilec_simt_thread *self);
  /** `cp.async.wait_group pending`: completes the thread's oldest groups
   *  until at most `pending` committed groups remain (copies not yet
   *  committed stay pending). */
  void (*async_wait)(tilec_simt_thread *self, uint32_t pending);
  /** Warpgroup-synchronous matrix multiply-accumulate D = A * B + D of one
   *  `wgmma.mma_async.sync.aligned.m64nNkK` (`kind` is TILEC_SIMT_WGMMA_*, K
   *  = 16, 8 for tf32, 32 for s8; `shape` N | TILEC_SIMT_WGMMA_TRANS_*): the 128
   *  threads of a warpgroup (4 consecutive warps of 32 lanes) call it with
   *  the same shared-memory matrix descriptors of A (64 x K) and B (K x N), as
   *  the PTX ISA defines
   *  them (start address, leading and stride byte offsets, swizzle mode;
   *  addresses are offsets in `shared`), and each thread's `d` holds its N/2
   *  accumulators: with warp w and lane l of the warpgroup, d[4j + i] is
   *  D[16w + l/4 + 8(i/2)][8j + 2(l%4) + i%2]. Products are exact and summed
   *  in f32 in k order. The emulator computes D at once, but the shared
   *  bytes the wgmma read stay claimed by its group (the warpgroup's next
   *  wgmma_commit) until every thread of the warpgroup has waited for that
   *  group (wgmma_wait): a cp.async into them before that fails the launch,
   *  as the hardware may still be reading them. An operand outside shared
   *  memory, or threads of the warpgroup in different instructions, fail the
   *  launch. */
  void (*wgmma)(tilec_simt_thread *self, uint32_t kind, uint64_t desc_a,
                uint64_t desc_b, uint32_t shape, float *d);
  /** `wgmma.commit_group`: the thread's wgmmas since its last commit form
   *  one group. */
  void (*wgmma_commit)(tilec_simt_thread *self);
  /** `wgmma.wait_group pending`: the thread has waited until at most
   *  `pending` of its committed groups are in flight. */
  void (*wgmma_wait)(tilec_simt_thread *self, uint32_t pending);
  /** `cp.async.bulk.tensor.<rank>d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
   *  [dst], [map, {coords}], [mbarrier]`, issued by one thread: copies the box of
   *  `map` whose first element is at `coords` (int32, innermost first, may be
   *  negative or past the end: such elements get map->oob_fill) to `dst` (in
   *  `shared`, aligned to 128 bytes, and to the swizzle's repeat = 8 * swizzle
   *  bytes when swizzled), row-major with dimension 0 contiguous, each 16-byte
   *  chunk at byte offset o of the box stored at o ^ (((o >> 7) & (swizzle/16 - 1)) << 4)
   *  (o relative to dst; since dst's offset in `shared` is aligned to the
   *  repeat, the same as swizzling the shared offset, as wgmma descriptors
   *  address shared memory).
   *  The copy's bytes count as transaction bytes of `mbarrier`'s current
   *  phase; the data lands in shared memory when that phase completes (see
   *  mbarrier_wait), not before, so a read without waiting sees the old
   *  contents. A copy into bytes that an unfinished wgmma group claims fails
   *  the launch (as for async_copy), checked when it is issued and when it
   *  lands. A map or dst outside memory / misaligned,
   *  a bad map field, or a box larger than shared memory fails the launch with
   *  a message naming the problem. */
  void (*tma_load)(tilec_simt_thread *self, const tilec_simt_tensor_map *map, const int32_t *coords,
                   void *dst, void *mbarrier);
  /** `mbarrier.init.shared.b64 [mbarrier], count`: one thread initializes the
   *  8-byte barrier (in `shared`, 8-byte aligned) expecting `count` arrivals
   *  per phase, phase 0 current. */
  void (*mbarrier_init)(tilec_simt_thread *self, void *mbarrier, uint32_t count);
  /** `mbarrier.arrive.expect_tx.shared.b64 _, [mbarrier], tx_bytes`: adds
   *  tx_bytes to the transaction bytes the current phase waits for, then
   *  arrives once (tx_bytes 0: a plain arrive). */
  void (*mbarrier_arrive_expect_tx)(tilec_simt_thread *self, void *mbarrier, uint32_t tx_bytes);
  /** `mbarrier.try_wait.parity.shared.b64` in a loop: returns once the phase
   *  with parity `phase` (0 or 1) of `mbarrier` has completed, i.e. once it
   *  had all its arrivals and all its transaction bytes (the TMA copies
   *  issued against it land then, in issue order). A wait that can never
   *  complete (every thread of the program waiting or finished) fails the
   *  launch. */
  void (*mbarrier_wait)(tilec_simt_thread *self, void *mbarrier, uint32_t phase);
  /** `cp.async.bulk.tensor.<rank>d.global.shared::cta.tile.bulk_group
   *  [map, {coords}], [src]` followed by `cp.async.bulk.commit_group` and
   *  `cp.async.bulk.wait_group 0`, issued by one thread: writes the box
   *  of `map` whose first element is at `coords` (int32, innermost first)
   *  from `src` (in `shared`, 128-byte aligned, laid out and swizzled as
   *  tma_load lands a box) to global memory; elements outside the tensor in
   *  any dimension are not written. The emulator writes at once (the
   *  hardware's write completes later, which only other programs could
   *  observe). A bad map, or a `src` outside shared memory or misaligned,
   *  fails the launch. */
  void (*tma_store)(tilec_simt_thread *self, const tilec_simt_tensor_map *map,
                    const int32_t *coords, const void *src);
};

#ifdef __cplusplus
#define TILEC_SIMT_STATIC_ASSERT static_assert
#else
#define TILEC_SIMT_STATIC_ASSERT _Static_assert
#endif
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, thread_id) == 0, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, warp_size) == 4, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, shared) == 8, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, shared_size) == 16, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, barrier) == 24, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, shuffle) == 32, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, fail) == 40, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, runtime) == 48, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, mma) == 56, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, ldmatrix) == 64, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_mma_fragments, b) == 16, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_mma_fragments, c) == 24, "ABI");
TILEC_SIMT_STATIC_ASSERT(sizeof(tilec_simt_mma_fragments) == 40, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, mfma) == 72, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_mfma_fragments, b) == 8, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_mfma_fragments, c) == 16, "ABI");
TILEC_SIMT_STATIC_ASSERT(sizeof(tilec_simt_mfma_fragments) == 80, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, async_copy) == 80, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, async_commit) == 88, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, async_wait) == 96, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, wgmma) == 104, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, wgmma_commit) == 112, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, wgmma_wait) == 120, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, tma_load) == 128, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, mbarrier_init) == 136, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, mbarrier_arrive_expect_tx) == 144, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, mbarrier_wait) == 152, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_thread, tma_store) == 160, "ABI");
TILEC_SIMT_STATIC_ASSERT(sizeof(tilec_simt_tensor_map) == 128, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, base) == 0, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, rank) == 8, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, elem_bytes) == 12, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, sizes) == 16, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, strides) == 56, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, box) == 88, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, swizzle) == 108, "ABI");
TILEC_SIMT_STATIC_ASSERT(offsetof(tilec_simt_tensor_map, oob_fill) == 112, "ABI");
#undef TILEC_SIMT_STATIC_ASSERT

#ifdef __cplusplus
}
#endif

#endif /* TILEC_SIMT_H */
