# CPU aarch64 --emit obj: a relocatable AArch64 ELF object defining the __tilec_entry_ wrapper, whose
# disassembly has NEON fadd on .4s lanes.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch aarch64 --emit obj -o %t.o
# RUN: llvm-readelf -h %t.o | FileCheck %s --check-prefix=HEADER
# RUN: llvm-nm %t.o | FileCheck %s --check-prefix=SYMS
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=DISASM
# HEADER: Type: REL (Relocatable file)
# HEADER: Machine: AArch64
# SYMS: T __tilec_entry_add_kernel
# DISASM-LABEL: <__tilec_entry_add_kernel>:
# DISASM: fadd v{{[0-9]+}}.4s
