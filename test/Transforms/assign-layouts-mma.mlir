// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_80" --split-input-file | FileCheck %s --check-prefixes=CHECK,W4
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=8 target=simt arch=warp32" --split-input-file | FileCheck %s --check-prefixes=CHECK,W8
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_75" --split-input-file | FileCheck %s --check-prefix=FMA
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=amdgpu arch=gfx906 threads-per-warp=64" --split-input-file | FileCheck %s --check-prefix=FMA
// RUN: tilec-opt %s --tilec-assign-layouts="num-warps=4 target=nvptx arch=sm_90 tensor-cores=false" --split-input-file | FileCheck %s --check-prefix=FMA

// An fp16 dot with an fp32 accumulator carried by a loop runs on tensor cores where the
// target has mma.sync (sm_80+, the emulator at warp size 32): the accumulator has the MMA
// layout through the loop (warps as Triton 3.9: [2, 2] at 4 warps, [2, 4] at 8), the
// operands are converted to dot-operand layouts, the zero init is built in the MMA layout.
// Without mma.sync (sm_75, gfx906, tensor-cores=false) the dot keeps blocked layouts.
// W4-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// W8-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 4], instrShape = [16, 8]>
// CHECK-DAG: #[[DA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 2>
// CHECK-DAG: #[[DB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 2>
// CHECK-LABEL: func @matmul
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[LOOP:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<128x128xf32, #[[MMA]]>)
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<128x64x!tile.ptr<f16>, #{{.*}}>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<64x128x!tile.ptr<f16>, #{{.*}}>
// CHECK-DAG: %[[CA:.*]] = tile.convert_layout %[[A]] : tensor<128x64xf16, #{{.*}}> -> tensor<128x64xf16, #[[DA]]>
// CHECK-DAG: %[[CB:.*]] = tile.convert_layout %[[B]] : tensor<64x128xf16, #{{.*}}> -> tensor<64x128xf16, #[[DB]]>
// CHECK: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[ACC]] : tensor<128x64xf16, #[[DA]]>, tensor<64x128xf16, #[[DB]]> -> tensor<128x128xf32, #[[MMA]]>
// CHECK: scf.yield %[[D]] : tensor<128x128xf32, #[[MMA]]>
// The store moves 16 bytes per access in a blocked layout, as Triton's coalescing gives it: the
// accumulator converts to it (through shared memory, after the loop).
// CHECK: %[[OUT:.*]] = tile.convert_layout %[[LOOP]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #[[STORE:blocked[0-9]*]]>
// CHECK: tile.store %{{.*}}, %[[OUT]] : tensor<128x128x!tile.ptr<f32>, #[[STORE]]>
// FMA-NOT: #tile.mma
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

// Dots the instruction does not fit keep the FMA path: fp16 accumulation (out_dtype
// fp16), fp32 operands asked for "ieee" (exact products), K below 16, and batched (3-D)
// dots; a "tf32x3" dot whose tf32 form does not fit either (K below 8) stays one dot.
// CHECK-LABEL: func @no_mma
// CHECK-NOT: #mma
// CHECK-NOT: #dot_
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32x3"}
// CHECK-NOT: #mma
// CHECK-NOT: #dot_
// CHECK: return
func.func @no_mma(%x: tensor<16x16xf16>, %y: tensor<16x16xf16>, %h: tensor<16x16xf16>,
                  %xf: tensor<16x16xf32>, %yf: tensor<16x16xf32>, %f: tensor<16x16xf32>,
                  %xf4: tensor<16x4xf32>, %yf4: tensor<4x16xf32>,
                  %x8: tensor<16x8xf16>, %y8: tensor<8x16xf16>,
                  %xb: tensor<2x16x16xf16>, %yb: tensor<2x16x16xf16>, %fb: tensor<2x16x16xf32>)
    -> (tensor<16x16xf16>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>,
        tensor<2x16x16xf32>) {
  %0 = tile.dot %x, %y, %h : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf16>
  %1 = tile.dot %xf, %yf, %f {input_precision = "ieee"} : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = tile.dot %xf4, %yf4, %f {input_precision = "tf32x3"} : tensor<16x4xf32>, tensor<4x16xf32> -> tensor<16x16xf32>
  %3 = tile.dot %x8, %y8, %f : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf32>
  %4 = tile.dot %xb, %yb, %fb : tensor<2x16x16xf16>, tensor<2x16x16xf16> -> tensor<2x16x16xf32>
  return %0, %1, %2, %3, %4 : tensor<16x16xf16>, tensor<16x16xf32>, tensor<16x16xf32>,
      tensor<16x16xf32>, tensor<2x16x16xf32>
}

// -----

// fp32 operands run on mma.sync m16n8k8 as tf32 by default (input_precision unset, as
// Triton's NVIDIA default) or when asked for "tf32": one f32 per register (kWidth 1), K a
// multiple of 8; int8 operands with an int32 accumulator on m16n8k32: four per register
// (kWidth 4), K a multiple of 32.
// CHECK-DAG: #[[TA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[TM:.*]], kWidth = 1>
// CHECK-DAG: #[[TB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[TM]], kWidth = 1>
// CHECK-DAG: #[[IA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[TM]], kWidth = 4>
// CHECK-DAG: #[[IB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[TM]], kWidth = 4>
// CHECK-LABEL: func @tf32_s8
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x8xf32, #[[TA]]>, tensor<8x16xf32, #[[TB]]> -> tensor<16x16xf32, #[[TM]]>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} {input_precision = "tf32"} : tensor<16x8xf32, #[[TA]]>, tensor<8x16xf32, #[[TB]]> -> tensor<16x16xf32, #[[TM]]>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8, #[[IA]]>, tensor<32x16xi8, #[[IB]]> -> tensor<16x16xi32, #[[TM]]>
// FMA-LABEL: func @tf32_s8
// FMA-NOT: #tile.mma
func.func @tf32_s8(%pf: !tile.ptr<f32>, %pi: !tile.ptr<i8>, %qf: !tile.ptr<f32>,
                   %qi: !tile.ptr<i32>) {
  %zf = arith.constant dense<0.0> : tensor<16x16xf32>
  %zi = arith.constant dense<0> : tensor<16x16xi32>
  %sf = tile.splat %pf : !tile.ptr<f32> -> tensor<16x8x!tile.ptr<f32>>
  %xf = tile.load %sf : tensor<16x8x!tile.ptr<f32>>
  %tf = tile.splat %pf : !tile.ptr<f32> -> tensor<8x16x!tile.ptr<f32>>
  %yf = tile.load %tf : tensor<8x16x!tile.ptr<f32>>
  %si = tile.splat %pi : !tile.ptr<i8> -> tensor<16x32x!tile.ptr<i8>>
  %xi = tile.load %si : tensor<16x32x!tile.ptr<i8>>
  %ti = tile.splat %pi : !tile.ptr<i8> -> tensor<32x16x!tile.ptr<i8>>
  %yi = tile.load %ti : tensor<32x16x!tile.ptr<i8>>
  %0 = tile.dot %xf, %yf, %zf : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %1 = tile.dot %xf, %yf, %0 {input_precision = "tf32"} : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %2 = tile.dot %xi, %yi, %zi : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
  %of = tile.splat %qf : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  tile.store %of, %1 : tensor<16x16x!tile.ptr<f32>>
  %oi = tile.splat %qi : !tile.ptr<i32> -> tensor<16x16x!tile.ptr<i32>>
  tile.store %oi, %2 : tensor<16x16x!tile.ptr<i32>>
  return
}

// -----

// A 16x16 bf16 dot: warps as Triton 3.9 ([2, 2] at 4 warps, [4, 2] at 8), wrapping over the
// small tile; the stored result keeps the MMA layout.
// W4-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// W8-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [4, 2], instrShape = [16, 8]>
// CHECK-LABEL: func @small_bf16
// CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xbf16, #{{.*}}>, tensor<16x16xbf16, #{{.*}}> -> tensor<16x16xf32, #[[MMA]]>
// CHECK: tile.store %{{.*}}, %[[D]] : tensor<16x16x!tile.ptr<f32>, #[[MMA]]>
func.func @small_bf16(%p: !tile.ptr<bf16>, %q: !tile.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = tile.make_range 0, 16 : tensor<16xi32>
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %rowoff = arith.muli %rows, %c16 : tensor<16x1xi32>
  %rb = tile.broadcast %rowoff : tensor<16x1xi32> -> tensor<16x16xi32>
  %cb = tile.broadcast %cols : tensor<1x16xi32> -> tensor<16x16xi32>
  %off = arith.addi %rb, %cb : tensor<16x16xi32>
  %ps = tile.splat %p : !tile.ptr<bf16> -> tensor<16x16x!tile.ptr<bf16>>
  %pp = tile.addptr %ps, %off : tensor<16x16x!tile.ptr<bf16>>, tensor<16x16xi32>
  %x = tile.load %pp : tensor<16x16x!tile.ptr<bf16>>
  %d = tile.dot %x, %x, %zero : tensor<16x16xbf16>, tensor<16x16xbf16> -> tensor<16x16xf32>
  %qs = tile.splat %q : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  %qp = tile.addptr %qs, %off : tensor<16x16x!tile.ptr<f32>>, tensor<16x16xi32>
  tile.store %qp, %d : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

// An fp32 dot asked for "tf32x3" whose tf32 form fits mma.sync is split as Triton's F32DotTC
// pass: each operand x into big = tf32(x) (its bits plus 0x1000, the low 13 cleared, unless
// the exponent is all ones) and small = x - big; a_small.b_big from zero, then a_big.b_small,
// NaNs of that replaced by zero, then a_big.b_big, all three tf32 dots on mma.sync, and the
// accumulator added last; the loop-carried accumulator keeps the MMA layout. Without
// mma.sync it stays one dot.
// W4-DAG: #[[MMA:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-DAG: #[[XA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[MMA]], kWidth = 1>
// CHECK-DAG: #[[XB:.*]] = #tile.dot_operand<opIdx = 1, parent = #[[MMA]], kWidth = 1>
// CHECK-LABEL: func @tf32x3
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<32x16xf32, #[[MMA]]>)
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x8x!tile.ptr<f32>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<f32>
// CHECK: %[[ABITS:.*]] = arith.bitcast %[[A]] : tensor<32x8xf32, {{.*}}> to tensor<32x8xi32
// CHECK: %[[AEXP:.*]] = arith.andi %[[ABITS]], %{{.*}}
// CHECK: %[[ASPECIAL:.*]] = arith.cmpi eq, %[[AEXP]], %{{.*}}
// CHECK: %[[AUP:.*]] = arith.addi %[[ABITS]], %{{.*}} : tensor<32x8xi32
// CHECK: %[[ACUT:.*]] = arith.andi %[[AUP]], %{{.*}} : tensor<32x8xi32
// CHECK: %[[ARND:.*]] = arith.select %[[ASPECIAL]], %[[ABITS]], %[[ACUT]]
// CHECK: %[[ABIG:.*]] = arith.bitcast %[[ARND]] : tensor<32x8xi32, {{.*}}> to tensor<32x8xf32
// CHECK: %[[ASMALL:.*]] = arith.subf %[[A]], %[[ABIG]]
// CHECK: %[[BBIG:.*]] = arith.bitcast %{{.*}} : tensor<8x16xi32, {{.*}}> to tensor<8x16xf32
// CHECK: %[[BSMALL:.*]] = arith.subf %[[B]], %[[BBIG]]
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #[[MMA]]>
// CHECK-DAG: %[[D1A:.*]] = tile.convert_layout %[[ASMALL]] {{.*}} -> tensor<32x8xf32, #[[XA]]>
// CHECK-DAG: %[[D1B:.*]] = tile.convert_layout %[[BBIG]] {{.*}} -> tensor<8x16xf32, #[[XB]]>
// CHECK: %[[D1:.*]] = tile.dot %[[D1A]], %[[D1B]], %[[ZERO]] {input_precision = "tf32"}
// CHECK-DAG: %[[D2A:.*]] = tile.convert_layout %[[ABIG]] {{.*}} -> tensor<32x8xf32, #[[XA]]>
// CHECK-DAG: %[[D2B:.*]] = tile.convert_layout %[[BSMALL]] {{.*}} -> tensor<8x16xf32, #[[XB]]>
// CHECK: %[[D2:.*]] = tile.dot %[[D2A]], %[[D2B]], %[[D1]] {input_precision = "tf32"}
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[MASKED:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK-DAG: %[[D3A:.*]] = tile.convert_layout %[[ABIG]] {{.*}} -> tensor<32x8xf32, #[[XA]]>
// CHECK-DAG: %[[D3B:.*]] = tile.convert_layout %[[BBIG]] {{.*}} -> tensor<8x16xf32, #[[XB]]>
// CHECK: %[[D3:.*]] = tile.dot %[[D3A]], %[[D3B]], %[[MASKED]] {input_precision = "tf32"} : {{.*}} -> tensor<32x16xf32, #[[MMA]]>
// CHECK: %[[SUM:.*]] = arith.addf %[[D3]], %[[ACC]] : tensor<32x16xf32, #[[MMA]]>
// CHECK: scf.yield %[[SUM]] : tensor<32x16xf32, #[[MMA]]>
// FMA-LABEL: func @tf32x3
// FMA-NOT: #tile.mma
// FMA-COUNT-1: tile.dot
// FMA-NOT: tile.dot
// FMA: return
func.func @tf32x3(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %sa = tile.splat %pa : !tile.ptr<f32> -> tensor<32x8x!tile.ptr<f32>>
  %sb = tile.splat %pb : !tile.ptr<f32> -> tensor<8x16x!tile.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %zero) -> (tensor<32x16xf32>) {
    %a = tile.load %sa : tensor<32x8x!tile.ptr<f32>>
    %b = tile.load %sb : tensor<8x16x!tile.ptr<f32>>
    %d = tile.dot %a, %b, %c {input_precision = "tf32x3"} : tensor<32x8xf32>, tensor<8x16xf32> -> tensor<32x16xf32>
    scf.yield %d : tensor<32x16xf32>
  }
  %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<32x16x!tile.ptr<f32>>
  tile.store %sc, %acc : tensor<32x16x!tile.ptr<f32>>
  return
}

// -----

// "bf16x3" splits each fp32 operand into bf16 pieces, hi = bf16(x) and mid = bf16(x - hi),
// and runs mid.hi from zero, then hi.mid, NaNs of that replaced by zero, then hi.hi: three bf16
// dots on mma.sync, the accumulator added last. "bf16x6" adds lo = bf16(x - hi - mid) and the
// products mid.mid, lo.hi and hi.lo first (six dots). Without bf16 mma.sync (sm_75, AMD's waves,
// tensor cores off) each stays one dot, run exactly.
// CHECK-LABEL: func @bf16x3
// CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f32>
// CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<f32>
// CHECK: %[[AHI:.*]] = arith.truncf %[[A]] : tensor<32x16xf32, {{.*}}> to tensor<32x16xbf16
// CHECK: %[[AHIF:.*]] = arith.extf %[[AHI]]
// CHECK: %[[AREST:.*]] = arith.subf %[[A]], %[[AHIF]]
// CHECK: %[[AMID:.*]] = arith.truncf %[[AREST]]
// CHECK: %[[BHI:.*]] = arith.truncf %[[B]] : tensor<16x16xf32, {{.*}}> to tensor<16x16xbf16
// CHECK: %[[BMID:.*]] = arith.truncf %{{.*}} : tensor<16x16xf32, {{.*}}> to tensor<16x16xbf16
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #[[MMA:.*]]>
// CHECK-DAG: %[[D1A:.*]] = tile.convert_layout %[[AMID]] {{.*}} -> tensor<32x16xbf16, #[[XA:.*]]>
// CHECK-DAG: %[[D1B:.*]] = tile.convert_layout %[[BHI]] {{.*}} -> tensor<16x16xbf16, #[[XB:.*]]>
// CHECK: %[[D1:.*]] = tile.dot %[[D1A]], %[[D1B]], %[[ZERO]] : tensor<32x16xbf16, #[[XA]]>, tensor<16x16xbf16, #[[XB]]> -> tensor<32x16xf32, #[[MMA]]>
// CHECK-DAG: %[[D2A:.*]] = tile.convert_layout %[[AHI]] {{.*}} -> tensor<32x16xbf16, #[[XA]]>
// CHECK-DAG: %[[D2B:.*]] = tile.convert_layout %[[BMID]] {{.*}} -> tensor<16x16xbf16, #[[XB]]>
// CHECK: %[[D2:.*]] = tile.dot %[[D2A]], %[[D2B]], %[[D1]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[MASKED:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK: %[[D3:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[MASKED]] : tensor<32x16xbf16, #[[XA]]>, tensor<16x16xbf16, #[[XB]]> -> tensor<32x16xf32, #[[MMA]]>
// CHECK: arith.addf %[[D3]], %{{.*}} : tensor<32x16xf32, #[[MMA]]>
// CHECK-LABEL: func @bf16x6
// CHECK-COUNT-3: arith.truncf %{{.*}} : tensor<32x16xf32, {{.*}}> to tensor<32x16xbf16
// CHECK-COUNT-3: arith.truncf %{{.*}} : tensor<16x16xf32, {{.*}}> to tensor<16x16xbf16
// CHECK-COUNT-5: tile.dot %{{.*}} : tensor<32x16xbf16, {{.*}}>, tensor<16x16xbf16, {{.*}}> -> tensor<32x16xf32, #[[MMA6:[^>]*]]>
// CHECK: arith.cmpf uno
// CHECK: tile.dot %{{.*}} : tensor<32x16xbf16, {{.*}}>, tensor<16x16xbf16, {{.*}}> -> tensor<32x16xf32, #[[MMA6]]>
// CHECK-NOT: tile.dot
// CHECK: return
// FMA-LABEL: func @bf16x3
// FMA-NOT: #tile.mma
// FMA-NOT: bf16
// FMA: tile.dot %{{.*}} {input_precision = "bf16x3"} : tensor<32x16xf32
// FMA-NOT: tile.dot
// FMA: return
// FMA-LABEL: func @bf16x6
// FMA: tile.dot %{{.*}} {input_precision = "bf16x6"} : tensor<32x16xf32
// FMA-NOT: tile.dot
// FMA: return
func.func @bf16x3(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %sa = tile.splat %pa : !tile.ptr<f32> -> tensor<32x16x!tile.ptr<f32>>
  %sb = tile.splat %pb : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  %a = tile.load %sa : tensor<32x16x!tile.ptr<f32>>
  %b = tile.load %sb : tensor<16x16x!tile.ptr<f32>>
  %d = tile.dot %a, %b, %zero {input_precision = "bf16x3"} : tensor<32x16xf32>, tensor<16x16xf32> -> tensor<32x16xf32>
  %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<32x16x!tile.ptr<f32>>
  tile.store %sc, %d : tensor<32x16x!tile.ptr<f32>>
  return
}
func.func @bf16x6(%pa: !tile.ptr<f32>, %pb: !tile.ptr<f32>, %pc: !tile.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %sa = tile.splat %pa : !tile.ptr<f32> -> tensor<32x16x!tile.ptr<f32>>
  %sb = tile.splat %pb : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  %a = tile.load %sa : tensor<32x16x!tile.ptr<f32>>
  %b = tile.load %sb : tensor<16x16x!tile.ptr<f32>>
  %d = tile.dot %a, %b, %zero {input_precision = "bf16x6"} : tensor<32x16xf32>, tensor<16x16xf32> -> tensor<32x16xf32>
  %sc = tile.splat %pc : !tile.ptr<f32> -> tensor<32x16x!tile.ptr<f32>>
  tile.store %sc, %d : tensor<32x16x!tile.ptr<f32>>
  return
}

// -----

// A load read only as a dot operand gets the blocked layout that coalesces it (8 halves per
// thread: 16-byte accesses) rather than the rank's default, on every path (tensor cores or not: the
// operand goes through shared memory either way); the loop-carried pointer tile it reads keeps
// that layout through the loop, so its increment needs no conversion.
// CHECK-DAG: #[[LA:.*]] = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [{{[48]}}, 1], order = [1, 0]}>
// CHECK-DAG: #[[LB:.*]] = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [{{[48]}}, 1], order = [1, 0]}>
// CHECK-LABEL: func @operand_loads
// CHECK: %[[AP0:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[AP:.*]] = %[[AP0]]) -> (tensor<64x64xf32, #{{.*}}>, tensor<64x32x!tile.ptr<f16>, #[[LA]]>)
// CHECK-NOT: tile.convert_layout {{.*}}!tile.ptr
// CHECK: %[[VA:.*]] = tile.load %[[AP]] : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK: tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[LB]]>
// CHECK: tile.convert_layout %[[VA]] : tensor<64x32xf16, #[[LA]]> -> tensor<64x32xf16, #{{.*}}>
// CHECK: %[[NEXT:.*]] = tile.addptr %[[AP]], %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[LA]]>
// CHECK: scf.yield %{{.*}}, %[[NEXT]]
// FMA-DAG: #[[FLA:.*]] = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [{{8|16}}, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// FMA-DAG: #[[FLB:.*]] = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [{{4|8}}, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// FMA-LABEL: func @operand_loads
// FMA: tile.load %{{.*}} : tensor<64x32x!tile.ptr<f16>, #[[FLA]]>
// FMA: tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[FLB]]>
func.func @operand_loads(%a: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                         %b: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %rowa = arith.muli %r2, %c32 : tensor<64x1xi32>
  %rowab = tile.broadcast %rowa : tensor<64x1xi32> -> tensor<64x32xi32>
  %colab = tile.broadcast %rk2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %offa = arith.addi %rowab, %colab : tensor<64x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %ap0 = tile.addptr %as, %offa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %rk3 = tile.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %rowb = arith.muli %rk3, %c64 : tensor<32x1xi32>
  %rowbb = tile.broadcast %rowb : tensor<32x1xi32> -> tensor<32x64xi32>
  %colbb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<32x64xi32>
  %offb = arith.addi %rowbb, %colbb : tensor<32x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %bp = tile.addptr %bs, %offb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %step = arith.constant dense<32> : tensor<64x32xi32>
  %res:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero, %ap = %ap0) -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>) : i32 {
    %va = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
    %vb = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %next = tile.addptr %ap, %step : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    scf.yield %d, %next : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>
  }
  %c64b = arith.constant dense<64> : tensor<64x1xi32>
  %rowc = arith.muli %r2, %c64b : tensor<64x1xi32>
  %rowcb = tile.broadcast %rowc : tensor<64x1xi32> -> tensor<64x64xi32>
  %colcb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<64x64xi32>
  %offc = arith.addi %rowcb, %colcb : tensor<64x64xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %offc : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %out = arith.addf %res#0, %res#0 : tensor<64x64xf32>
  tile.store %cp, %out : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// The same for loads of i16 bit patterns read as bf16 dot operands through `arith.bitcast`
// (`x.to(tl.bfloat16, bitcast=True)`), B also through a transposition after its bitcast: both
// loads get the layouts that coalesce them, and each bitcast keeps its load's layout.
// CHECK-DAG: #[[BLA:.*]] = #tile.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [{{[48]}}, 1], order = [1, 0]}>
// CHECK-LABEL: func @bitcast_operand_loads
// CHECK: %[[VA:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<i16>, #[[BLA]]>
// CHECK: %[[VB:.*]] = tile.load %{{.*}} : tensor<64x32x!tile.ptr<i16>, #[[BLA]]>
// CHECK-DAG: arith.bitcast %[[VA]] : tensor<64x32xi16, #[[BLA]]> to tensor<64x32xbf16, #[[BLA]]>
// CHECK-DAG: %[[CB:.*]] = arith.bitcast %[[VB]] : tensor<64x32xi16, #[[BLA]]> to tensor<64x32xbf16, #[[BLA]]>
// CHECK: tile.trans %[[CB]]
func.func @bitcast_operand_loads(%a: !tile.ptr<i16> {tile.divisibility = 16 : i32},
                                 %b: !tile.ptr<i16> {tile.divisibility = 16 : i32},
                                 %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = tile.make_range 0, 64 : tensor<64xi32>
  %rk = tile.make_range 0, 32 : tensor<32xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %row = arith.muli %r2, %c32 : tensor<64x1xi32>
  %rowb = tile.broadcast %row : tensor<64x1xi32> -> tensor<64x32xi32>
  %colb = tile.broadcast %rk2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %rowb, %colb : tensor<64x32xi32>
  %as = tile.splat %a : !tile.ptr<i16> -> tensor<64x32x!tile.ptr<i16>>
  %ap = tile.addptr %as, %off : tensor<64x32x!tile.ptr<i16>>, tensor<64x32xi32>
  %bs = tile.splat %b : !tile.ptr<i16> -> tensor<64x32x!tile.ptr<i16>>
  %bp = tile.addptr %bs, %off : tensor<64x32x!tile.ptr<i16>>, tensor<64x32xi32>
  %res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %va = tile.load %ap : tensor<64x32x!tile.ptr<i16>>
    %vb = tile.load %bp : tensor<64x32x!tile.ptr<i16>>
    %ca = arith.bitcast %va : tensor<64x32xi16> to tensor<64x32xbf16>
    %cb = arith.bitcast %vb : tensor<64x32xi16> to tensor<64x32xbf16>
    %tb = tile.trans %cb {order = array<i32: 1, 0>} : tensor<64x32xbf16> -> tensor<32x64xbf16>
    %d = tile.dot %ca, %tb, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rowc = arith.muli %r2, %c64 : tensor<64x1xi32>
  %rowcb = tile.broadcast %rowc : tensor<64x1xi32> -> tensor<64x64xi32>
  %rn = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colcb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<64x64xi32>
  %offc = arith.addi %rowcb, %colcb : tensor<64x64xi32>
  %cs = tile.splat %c : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %cs, %offc : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %res : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// Chained dots (attention: the second dot's A operand is computed from the first dot's result)
// put all warps along M, as Triton 3.9 does, so that the row reductions between them stay within
// a warp; an unchained dot of the same shape keeps mmaWarps' choice ([2, 2] at 4 warps).
// W4-DAG: #[[CHAIN:.*]] = #tile.mma<version = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// W8-DAG: #[[CHAIN:.*]] = #tile.mma<version = 2, warpsPerCTA = [8, 1], instrShape = [16, 8]>
// W4-DAG: #[[PLAIN:.*]] = #tile.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-LABEL: func @chained_dots
// CHECK: %[[QK:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x64xf32, #[[CHAIN]]>
// CHECK: tile.reduce(%{{.*}}) axis = 1 : (tensor<128x64xf32, #[[CHAIN]]>)
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x64xf32, #[[CHAIN]]>
// CHECK-LABEL: func @unchained_dot
// W4: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> tensor<128x64xf32, #[[PLAIN]]>
func.func @chained_dots(%q: tensor<128x32xf16>, %k: tensor<32x64xf16>, %v: tensor<64x64xf16>,
                        %po: !tile.ptr<f32>, %pm: !tile.ptr<f32>) {
  %o = tile.splat %po : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>>
  %m = tile.splat %pm : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %qk = tile.dot %q, %k, %zero : tensor<128x32xf16>, tensor<32x64xf16> -> tensor<128x64xf32>
  %max = tile.reduce(%qk) axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32> {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %y : f32
    tile.yield %r : f32
  }
  tile.store %m, %max : tensor<128x!tile.ptr<f32>>
  %e = math.exp %qk : tensor<128x64xf32>
  %p = arith.truncf %e : tensor<128x64xf32> to tensor<128x64xf16>
  %o2 = tile.dot %p, %v, %zero : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  tile.store %o, %o2 : tensor<128x64x!tile.ptr<f32>>
  return
}
func.func @unchained_dot(%q: tensor<128x32xf16>, %k: tensor<32x64xf16>, %po: !tile.ptr<f32>) {
  %o = tile.splat %po : !tile.ptr<f32> -> tensor<128x64x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %qk = tile.dot %q, %k, %zero : tensor<128x32xf16>, tensor<32x64xf16> -> tensor<128x64xf32>
  %e = math.exp %qk : tensor<128x64xf32>
  tile.store %o, %e : tensor<128x64x!tile.ptr<f32>>
  return
}
