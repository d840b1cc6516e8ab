// The tile dialect's layout encodings: how a tile is distributed over the threads of a program.
#ifndef TILEC_TILE_ATTRS_TD
#define TILEC_TILE_ATTRS_TD

include "TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_BlockedEncodingAttr : Tile_Attr<"BlockedEncoding", "blocked"> {
  let summary = "A tile split into per-thread blocks, tiled over lanes and warps";
  let description = [{
    The distributed layout of GPU tiles, as Triton's `#blocked`. Along each dimension `d`
    a thread holds `sizePerThread[d]` consecutive elements, `threadsPerWarp[d]` lanes and
    `warpsPerCTA[d]` warps cover consecutive blocks, and the pattern repeats (more
    registers per thread) when the tile is larger. When the tile is smaller, threads wrap
    around and hold copies of the same elements. `order` lists the dimensions from the
    fastest-varying: lanes, warps and a thread's registers are numbered along it.

    Element `(c0, ..., cn)` of a tile of shape `S` is held by lane `l`, warp `w`, register
    `r` when, per dimension, `c_d = (k_d * spt_d * tpw_d * wpc_d + w_d * spt_d * tpw_d +
    l_d * spt_d + j_d) mod S_d` with `r` enumerating `j` (inside `sizePerThread`) then `k`
    (repetitions), fastest dimension first. Products of `threadsPerWarp` and `warpsPerCTA`
    are the warp size and the number of warps.

    Example:

    ```mlir
    tensor<1024xf32, #tile.blocked<{sizePerThread = [4], threadsPerWarp = [32],
                                    warpsPerCTA = [4], order = [0]}>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `{` `sizePerThread` `=` `[` $sizePerThread `]` `,`
            `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
            `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
            `order` `=` `[` $order `]` `}` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
  }];
}

def Tile_SliceEncodingAttr : Tile_Attr<"SliceEncoding", "slice"> {
  let summary = "A parent layout with one dimension removed";
  let description = [{
    The layout of a tile that is its parent layout's tile with dimension `dim` reduced
    away (Triton's `#slice`): the result of `tile.reduce` along `dim`, and the operand
    `tile.expand_dims` needs to produce the parent layout without moving data. The threads
    that differed only along `dim` hold copies of the same elements.

    Example:

    ```mlir
    tensor<64xf32, #tile.slice<{dim = 1, parent = #blocked}>>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `{` `dim` `=` $dim `,` `parent` `=` $parent `}` `>`";
  let genVerifyDecl = 1;
}

def Tile_SharedEncodingAttr : Tile_Attr<"SharedEncoding", "shared"> {
  let summary = "A tile held in the shared memory of a program, with swizzling";
  let description = [{
    How a tile staged in shared memory is laid out (Triton's `#shared`): rows follow
    `order` (fastest first); `vec` elements stay together, and groups of `perPhase` rows
    XOR their `vec`-element column blocks with `(row / perPhase) mod maxPhase` so that
    threads reading a column do not collide on banks. `vec = perPhase = maxPhase = 1` is
    the plain row-major layout used for layout conversions and reductions today.
    `pad` elements of padding follow each row (a run along `order[0]`), so that
    consecutive rows start in different banks: the layout of the operand buffers
    that `tilec-pipeline-loops` fills with `tile.async_copy` and tensor-core dots
    read with `ldmatrix` (`pad` is 0, and not printed, by default).

    `swizzleBytes` = S (32, 64 or 128; 0, not printed, for none) is NVIDIA's
    swizzled layout that `wgmma` reads through matrix descriptors (and TMA
    writes): a row-major R x C tile is stored in column blocks of S bytes per
    row, block after block, each block's rows S bytes apart, and bits
    [4, 4 + b) of each byte's offset in the tile are XORed with bits
    [7, 7 + b), b = log2(S / 16). S is the tile's row bytes, capped at 128;
    `vec`, `perPhase` and `maxPhase` are then 1 and `pad` 0, and each tile
    starts 1024-byte aligned. With `order = [0, 1]` the tile is stored
    transposed: element (r, c) where element (c, r) of the C x R tile so laid
    out is (a K x N operand stored K-major, as tf32 wgmma reads B).

    Example:

    ```mlir
    #tile.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], pad = 8}>
    #tile.shared<{vec = 1, perPhase = 1, maxPhase = 1, swizzleBytes = 128, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        DefaultValuedParameter<"unsigned", "0">:$pad,
                        DefaultValuedParameter<"unsigned", "0">:$swizzleBytes);
  let assemblyFormat = [{
    `<` `{` `vec` `=` $vec `,` `perPhase` `=` $perPhase `,` `maxPhase` `=` $maxPhase `,`
            (`swizzleBytes` `=` $swizzleBytes^ `,`)?
            `order` `=` `[` $order `]` (`,` `pad` `=` $pad^)? `}` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_MmaEncodingAttr : Tile_Attr<"MmaEncoding", "mma",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "The accumulator layout of NVIDIA mma.sync (version 2) and wgmma (version 3)";
  let description = [{
    The distributed layout of the result of a `tile.dot` computed by warp-wide
    `mma.sync.aligned.m16n8k16` instructions (Triton's `#nvidia_mma` with
    `versionMajor = 2`). One instruction gives a warp an `instrShape` = 16 x 8
    block of the accumulator: lane `l` holds rows `l / 4` and `l / 4 + 8`, columns
    `2 * (l % 4)` and `2 * (l % 4) + 1` (registers `c0 c1` on the first row, `c2 c3`
    on the second, as the PTX ISA's fragment layout for `.m16n8`). Warps tile
    `warpsPerCTA` such blocks over M and N (warp `w` at `(w / wN, w % wN)`), and
    the pattern repeats over the tile: register `4 * (m * nReps + n) + i` is `c_i`
    of repetition `(m, n)`. A tile smaller than the warps cover wraps: the
    threads beyond it hold copies, and registers beyond a dimension smaller than a
    block (e.g. the 128x1 source of a broadcast) are left out.

    Version 3 is the accumulator of sm_90's warpgroup MMA (`wgmma.mma_async
    .m64nNk16`, Triton's `versionMajor = 3`), which places each warp's 16 x 8
    blocks as version 2 does, but with the warps along M first (warp `w` at
    `(w % wM, w / wM)`) and each warp's columns one run of N / n (its 8-column
    blocks consecutive, not interleaved with the other warps'): the four warps of
    a warpgroup hold 64 consecutive rows, so version 3 needs `warpsPerCTA =
    [4k, n]`, and one instruction covers a warpgroup's 64 rows and its N / n
    columns (registers `4 * (m * nReps + n) + i`
    for the instruction's `n`s are its d registers in order). Its operands are
    read from shared memory, not registers.

    Example:

    ```mlir
    #wgmma = #tile.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 8]>
    #wgmma2 = #tile.mma<version = 3, warpsPerCTA = [4, 2], instrShape = [16, 8]>
    #mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
    tensor<64x64xf32, #mma>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let assemblyFormat = [{
    `<` `version` `=` $version `,` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `instrShape` `=` `[` $instrShape `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_MfmaEncodingAttr : Tile_Attr<"MfmaEncoding", "mfma",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "The accumulator layout of AMD MFMA (CDNA2/CDNA3 matrix cores)";
  let description = [{
    The distributed layout of the result of a `tile.dot` computed by wave-wide
    `v_mfma_f32_32x32x8{f16,bf16_1k}` (`instrShape` = [32, 32]) or
    `v_mfma_f32_16x16x16{f16,bf16_1k}` ([16, 16]) instructions on 64-lane waves
    (Triton's `#amd_mfma`; `version` 2 is CDNA2, gfx90a, and 3 is CDNA3, gfx942).
    With N = instrShape[0], g = 64 / N lane groups and K = 4g, one instruction
    gives a wave an N x N block of the accumulator in R = N * N / 64 registers:
    lane `l` holds column `l % N` and, in register `r`, row
    `K * (r / 4) + 4 * (l / N) + r % 4` (AMD's matrix instruction calculator for
    the CDNA3 ISA; for 32x32x8, row `8 * (r / 4) + 4 * (l / 32) + r % 4`). Warps
    tile `warpsPerCTA` such blocks over M and N (warp `w` at `(w / wN, w % wN)`),
    and the pattern repeats over the tile: register `R * (m * nReps + n) + r` is
    register `r` of repetition `(m, n)`. A tile smaller than the warps cover
    wraps, as `#tile.mma` does.

    Example:

    ```mlir
    #mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
    tensor<128x128xf32, #mfma>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let assemblyFormat = [{
    `<` `version` `=` $version `,` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `instrShape` `=` `[` $instrShape `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_DotOperandEncodingAttr : Tile_Attr<"DotOperandEncoding", "dot_operand",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "The registers of a tensor-core operand (A or B) of a tile.dot";
  let description = [{
    The distributed layout of operand `opIdx` (0: A, M x K; 1: B, K x N) of a
    `tile.dot` whose result has the `#tile.mma` or `#tile.mfma` layout `parent`
    (Triton's `#dot_op`). Under `#tile.mma` each lane holds the fragments
    `mma.sync.aligned.m16n8k<K>` reads, per the PTX ISA, with `kWidth` = w
    consecutive K elements per 32-bit register and K = 8w: w = 2 for 16-bit types
    (m16n8k16), 1 for tf32 (m16n8k8), 4 for s8 (m16n8k32). With `g = l / 4` and
    `t = l % 4`, A (16 x K per instruction) has four registers: register `r`
    (elements `a_{wr} .. a_{wr+w-1}`) at row `g + 8 * (r % 2)`, columns
    `w * t + 4w * (r / 2) ..` (for f16: `a0 a1` at row `g`, columns `2t, 2t+1`;
    `a2 a3` at row `g + 8`; `a4..a7` the same 8 columns further). B (K x 8) has
    two: register `r` at rows `w * t + 4w * r ..`, column `g` (for f16: `b0 b1`
    at rows `2t, 2t+1`, `b2 b3` 8 rows further). A's M blocks follow the parent's
    warps along M and B's N blocks its warps along N; the warps along the other
    dimension hold copies. Register `4w * (m * kReps + k) + i` of A is fragment
    `a_i` of its repetition `(m, k)`; register `2w * (n * kReps + k) + i` of B is
    `b_i`.

    Under `#tile.mfma` (`kWidth` = 4) each lane holds what the MFMA reads, with
    N and K as there: A (N x K per instruction) row `l % N`, columns
    `4 * (l / N) .. +3`; B (K x N) rows `4 * (l / N) .. +3`, column `l % N`. Register `4 * (m * kReps + k) + i` of A is element `i` of
    repetition `(m, k)`, register `4 * (n * kReps + k) + i` of B likewise.

    Example:

    ```mlir
    #mma = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
    tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>>
    #mfma = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
    tensor<64x32xf16, #tile.dot_operand<opIdx = 0, parent = #mfma, kWidth = 4>>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent, "unsigned":$kWidth);
  let assemblyFormat = [{
    `<` `opIdx` `=` $opIdx `,` `parent` `=` $parent `,` `kWidth` `=` $kWidth `>`
  }];
  let genVerifyDecl = 1;
}

#endif // TILEC_TILE_ATTRS_TD
