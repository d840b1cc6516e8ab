// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx942 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefixes=CHECK,W4
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=simt arch=warp64 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefixes=CHECK,W8
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx90a threads-per-warp=64" --split-input-file | FileCheck %s --check-prefix=CDNA2
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx906 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefix=FMA
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx942 threads-per-warp=64 tensor-cores=false" --split-input-file | FileCheck %s --check-prefix=FMA

// An fp16 dot with an fp32 accumulator carried by a loop runs on AMD matrix cores where the
// target has v_mfma_f32_32x32x8 (gfx90a, gfx942, the emulator at warp size 64): the
// accumulator has the MFMA layout through the loop (32x32 blocks, warps [2, 2] at 4 warps,
// [2, 4] at 8), the operands are converted to dot-operand layouts with kWidth 4. gfx90a gets
// version 2 (CDNA2). Without MFMA (gfx906, tensor-cores=false) the dot keeps blocked layouts.
// W4-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// W8-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32]>
// CDNA2: #tile.mfma<version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32]>
// CHECK-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MFMA]], kWidth = 4>
// CHECK-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MFMA]], kWidth = 4>
// CHECK-LABEL: func @matmul
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[MFMA]]>
// CHECK: %[[LOOP:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<128x128xf32, #[[MFMA]]>)
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<128x64x!tile.ptr<f16>, #{{.*}}>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<64x128x!tile.ptr<f16>, #{{.*}}>
// CHECK-DAG: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<128x64xf16, #{{.*}}> -> tensor<128x64xf16, #[[DA]]>
// CHECK-DAG: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<64x128xf16, #{{.*}}> -> tensor<64x128xf16, #[[DB]]>
// CHECK: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[ACC]] : tensor<128x64xf16, #[[DA]]>, tensor<64x128xf16, #[[DB]]> -> tensor<128x128xf32, #[[MFMA]]>
// CHECK: scf.yield %[[D]] : tensor<128x128xf32, #[[MFMA]]>
// The accumulator (one element of a row per lane) converts to a blocked layout for the store,
// which then moves 16 bytes per access.
// CHECK: %[[OUT:.*]] = tile.convert_layout %[[LOOP]] : tensor<128x128xf32, #[[MFMA]]> -> tensor<128x128xf32, #[[STORE:blocked[0-9]*]]>
// CHECK: tile.store %{{.*}}, %[[OUT]] : tensor<128x128x!tile.ptr<f32>, #[[STORE]]>
// FMA-NOT: #tile.mfma
// FMA-LABEL: func @matmul
// FMA: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16, #blocked{{[0-9]*}}>, tensor<64x128xf16, #blocked{{[0-9]*}}> -> tensor<128x128xf32, #blocked{{[0-9]*}}>
func.func @matmul(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %rm = tile.make_range 0, 128 : tensor<128xi32>
  %rk = tile.make_range 0, 64 : tensor<64xi32>
  %rm2 = tile.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c64 = arith.constant dense<64> : tensor<128x1xi32>
  %rowa = arith.muli %rm2, %c64 : tensor<128x1xi32>
  %rowab = tile.broadcast %rowa : tensor<128x1xi32> -> tensor<128x64xi32>
  %colab = tile.broadcast %rk2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %offa = arith.addi %rowab, %colab : tensor<128x64xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>>
  %ap = tile.addptr %as, %offa : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
  %rk3 = tile.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rn2 = tile.expand_dims %rm {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %c128 = arith.constant dense<128> : tensor<64x1xi32>
  %rowb = arith.muli %rk3, %c128 : tensor<64x1xi32>
  %rowbb = tile.broadcast %rowb : tensor<64x1xi32> -> tensor<64x128xi32>
  %colbb = tile.broadcast %rn2 : tensor<1x128xi32> -> tensor<64x128xi32>
  %offb = arith.addi %rowbb, %colbb : tensor<64x128xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<64x128x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %offb : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
  %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
    %va = tile.load %ap : tensor<128x64x!tile.ptr<f16>>
    %vb = tile.load %bp : tensor<64x128x!tile.ptr<f16>>
    %d = tile.dot %va, %vb, %acc : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %rn3 = tile.expand_dims %rm {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %c128c = arith.constant dense<128> : tensor<128x1xi32>
  %rowc = arith.muli %rm2, %c128c : tensor<128x1xi32>
  %rowcb = tile.broadcast %rowc : tensor<128x1xi32> -> tensor<128x128xi32>
  %colcb = tile.broadcast %rn3 : tensor<1x128xi32> -> tensor<128x128xi32>
  %offc = arith.addi %rowcb, %colcb : tensor<128x128xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<128x128x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %offc : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
  tile.store %cp, %acc : tensor<128x128x!tile.ptr<f32>>
  return
}

// -----

// Dots no MFMA fills keep the FMA path: M or N below 16 (or below 32 with K below 16), K
// below 8, fp16 accumulation, fp32 operands with K below 2, batched (3-D) dots.
// CHECK-LABEL: func @no_mfma
// CHECK-NOT: #mfma
// CHECK-NOT: #dot_
// CHECK: return
func.func @no_mfma(%x: tensor<16x8xf16>, %y: tensor<8x16xf16>, %f16: tensor<16x16xf32>,
                   %x4: tensor<32x4xf16>, %y4: tensor<4x32xf16>, %f: tensor<32x32xf32>,
                   %x32: tensor<32x32xf16>, %h: tensor<32x32xf16>, %xf: tensor<32x1xf32>,
                   %yf: tensor<1x32xf32>,
                   %xb: tensor<2x32x32xf16>, %fb: tensor<2x32x32xf32>)
    -> (tensor<16x16xf32>, tensor<32x32xf32>, tensor<32x32xf16>, tensor<32x32xf32>, tensor<2x32x32xf32>) {
  %0 = tile.dot %x, %y, %f16 : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf32>
  %1 = tile.dot %x4, %y4, %f : tensor<32x4xf16>, tensor<4x32xf16> -> tensor<32x32xf32>
  %2 = tile.dot %x32, %x32, %h : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf16>
  %3 = tile.dot %xf, %yf, %f : tensor<32x1xf32>, tensor<1x32xf32> -> tensor<32x32xf32>
  %4 = tile.dot %xb, %xb, %fb : tensor<2x32x32xf16>, tensor<2x32x32xf16> -> tensor<2x32x32xf32>
  return %0, %1, %2, %3, %4 : tensor<16x16xf32>, tensor<32x32xf32>, tensor<32x32xf16>, tensor<32x32xf32>, tensor<2x32x32xf32>
}

// -----

// A 32x32 bf16 dot (one MFMA block): the warps wrap over the small tile along M ([4, 1] at
// 4 warps, [8, 1] at 8); the stored result keeps the MFMA layout.
// W4-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32]>
// W8-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [8, 1], instrShape = [32, 32]>
// CHECK-LABEL: func @small_bf16
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xbf16, #{{.*}}>, tensor<32x32xbf16, #{{.*}}> -> tensor<32x32xf32, #[[MFMA]]>
// CHECK: tile.store %{{.*}}, %[[D]] : tensor<32x32x!tile.ptr<f32>, #[[MFMA]]>
func.func @small_bf16(%p: !tile.ptr<bf16>, %q: !tile.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = tile.make_range 0, 32 : tensor<32xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rowoff = arith.muli %rows, %c32 : tensor<32x1xi32>
  %rb = tile.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %cb = tile.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rb, %cb : tensor<32x32xi32>
  %ps = tile.splat %p : !tile.ptr<bf16> -> tensor<32x32x!tile.ptr<bf16>>
  %pp = tile.addptr %ps, %off : tensor<32x32x!tile.ptr<bf16>>, tensor<32x32xi32>
  %x = tile.load %pp : tensor<32x32x!tile.ptr<bf16>>
  %d = tile.dot %x, %x, %zero : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xf32>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<32x32x!tile.ptr<f32>>
  %qp = tile.addptr %qs, %off : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
  tile.store %qp, %d : tensor<32x32x!tile.ptr<f32>>
  return
}

// -----

// A 16x16x16 dot: v_mfma_f32_16x16x16 (the 32x32 instruction does not fit), warps wrapping
// over the single block.
// W4-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16]>
// W8-DAG: #[[MFMA:.*]] = #tile.mfma<version = 3, warpsPerCTA = [8, 1], instrShape = [16, 16]>
// CHECK-LABEL: func @mfma16
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16, #{{.*}}>, tensor<16x16xf16, #{{.*}}> -> tensor<16x16xf32, #[[MFMA]]>
func.func @mfma16(%p: !tile.ptr<f16>, %q: !tile.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %rowoff = arith.muli %rows, %c16 : tensor<16x1xi32>
  %rb = tile.broadcast %rowoff : tensor<16x1xi32> -> tensor<16x16xi32>
  %cb = tile.broadcast %cols : tensor<1x16xi32> -> tensor<16x16xi32>
  %off = arith.addi %rb, %cb : tensor<16x16xi32>
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<16x16x!tile.ptr<f16>>
  %pp = tile.addptr %ps, %off : tensor<16x16x!tile.ptr<f16>>, tensor<16x16xi32>
  %x = tile.load %pp : tensor<16x16x!tile.ptr<f16>>
  %d = tile.dot %x, %x, %zero : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  %qp = tile.addptr %qs, %off : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
  tile.store %qp, %d : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

// fp32 operands (whatever input_precision asks: the fp32 MFMA multiplies in fp32) run on
// v_mfma_f32_32x32x2f32, one K element per lane (kWidth 1); int8 operands with an int32
// accumulator on v_mfma_i32_32x32x16_i8, eight per lane (kWidth 8), on CDNA3 (gfx942 and the
// emulator) but not on gfx90a, whose i8 MFMA differs.
// CHECK-DAG: #[[FA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[M:.*]], kWidth = 1>
// CHECK-DAG: #[[FB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[M]], kWidth = 1>
// CHECK-DAG: #[[IA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[M]], kWidth = 8>
// CHECK-DAG: #[[IB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[M]], kWidth = 8>
// CHECK-LABEL: func @f32_i8
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x8xf32, #[[FA]]>, tensor<8x32xf32, #[[FB]]> -> tensor<32x32xf32, #[[M]]>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32"} : tensor<32x8xf32, #[[FA]]>, tensor<8x32xf32, #[[FB]]> -> tensor<32x32xf32, #[[M]]>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xi8, #[[IA]]>, tensor<16x32xi8, #[[IB]]> -> tensor<32x32xi32, #[[M]]>
// CDNA2-LABEL: func @f32_i8
// CDNA2: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x8xf32, #{{.*}}>, tensor<8x32xf32, #{{.*}}> -> tensor<32x32xf32, #mfma{{[0-9]*}}>
// CDNA2: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xi8, #blocked{{[0-9]*}}>, tensor<16x32xi8, #blocked{{[0-9]*}}> -> tensor<32x32xi32, #blocked{{[0-9]*}}>
func.func @f32_i8(%pf: !tile.ptr<f32>, %pi: !tile.ptr<i8>, %qf: !tile.ptr<f32>,
                  %qi: !tile.ptr<i32>) {
  %zf = arith.constant dense<0.0> : tensor<32x32xf32>
  %zi = arith.constant dense<0> : tensor<32x32xi32>
  %sf = tile.splat %pf : !tile.ptr<f32> -> tensor<32x8x!tile.ptr<f32>>
  %xf = tile.load %sf : tensor<32x8x!tile.ptr<f32>>
  %tf = tile.splat %pf : !tile.ptr<f32> -> tensor<8x32x!tile.ptr<f32>>
  %yf = tile.load %tf : tensor<8x32x!tile.ptr<f32>>
  %si = tile.splat %pi : !tile.ptr<i8> -> tensor<32x16x!tile.ptr<i8>>
  %xi = tile.load %si : tensor<32x16x!tile.ptr<i8>>
  %ti = tile.splat %pi : !tile.ptr<i8> -> tensor<16x32x!tile.ptr<i8>>
  %yi = tile.load %ti : tensor<16x32x!tile.ptr<i8>>
  %0 = tile.dot %xf, %yf, %zf : tensor<32x8xf32>, tensor<8x32xf32> -> tensor<32x32xf32>
  %1 = tile.dot %xf, %yf, %0 {input_precision = "tf32"} : tensor<32x8xf32>, tensor<8x32xf32> -> tensor<32x32xf32>
  %2 = tile.dot %xi, %yi, %zi : tensor<32x16xi8>, tensor<16x32xi8> -> tensor<32x32xi32>
  %of = tile.splat %qf : !tile.ptr<f32> -> tensor<32x32x!tile.ptr<f32>>
  tile.store %of, %1 : tensor<32x32x!tile.ptr<f32>>
  %oi = tile.splat %qi : !tile.ptr<i32> -> tensor<32x32x!tile.ptr<i32>>
  tile.store %oi, %2 : tensor<32x32x!tile.ptr<i32>>
  return
}
