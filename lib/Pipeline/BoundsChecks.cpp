//===- BoundsChecks.cpp - Checked mode: every kernel memory access guarded ===//
//
// With PipelineOptions::boundsChecks, every load, store, masked or gathered
// access and atomic of a kernel whose address comes from a pointer parameter
// is checked, before it happens, against that parameter's extent
// [base, base + bytes), which the runtime passes at launch through the module
// global `__tilec_bounds` (tilec_launch_bounded). An access with any active
// lane outside is not performed (a load yields zeros, or its `other`
// values) and is reported through `__tilec_bounds_hook(param, offset, size,
// isStore)`; the launch then fails naming the parameter and the offset.
// Accesses to the kernel's own stack buffers are not checked. While
// `__tilec_bounds` is null (a plain tilec_launch) nothing is checked.
//
//===----------------------------------------------------------------------===//
#include "Codegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace tilec::detail {
namespace {

/// The alloca an address is (a GEP or cast of), or null.
AllocaInst *stackSlot(Value *address) {
  while (true) {
    if (auto *alloca = dyn_cast<AllocaInst>(address))
      return alloca;
    if (auto *gep = dyn_cast<GetElementPtrInst>(address))
      address = gep->getPointerOperand();
    else if (auto *cast = dyn_cast<BitCastInst>(address))
      address = cast->getOperand(0);
    else
      return nullptr;
  }
}

/// Appends to `stored` the values stored into the stack slot `slot` (through
/// GEPs and casts); false when the slot is also written some other way.
bool appendStoredValues(AllocaInst *slot, SmallVectorImpl<Value *> &stored) {
  bool known = true;
  SmallVector<Value *, 4> users(slot->user_begin(), slot->user_end());
  while (!users.empty()) {
    Value *user = users.pop_back_val();
    if (isa<GetElementPtrInst, BitCastInst>(user))
      users.append(user->user_begin(), user->user_end());
    else if (auto *store = dyn_cast<StoreInst>(user); store && store->getValueOperand() != slot)
      stored.push_back(store->getValueOperand());
    else if (!isa<LoadInst>(user) && !isa<IntrinsicInst>(user))
      known = false; // Escapes: written some other way.
  }
  return known;
}

/// Where a pointer (or vector of pointers) comes from: the pointer
/// parameters it may be derived from, and whether it may come from
/// anywhere else (a stack buffer, a global, an integer).
struct Provenance {
  SmallVector<unsigned, 2> params;
  /// Stack buffers (entry-block allocas of a known size) it may point into.
  /// An access that may also reach a parameter (a row of a tl.dot's operand
  /// read in place or from its copy, through a table of row addresses) is
  /// fine inside any of them too.
  SmallVector<AllocaInst *, 2> locals;
  bool onlyLocal = true; ///< Every root is an alloca or a global.
  bool unknown = false;  ///< Some root is neither a parameter nor local.
};

/// Follows `v` back through GEPs, casts, phis, selects, vector element
/// operations and the stack slots it is loaded from to its roots.
Provenance findProvenance(Value *v, unsigned numParams) {
  Provenance result;
  SmallVector<Value *, 8> work{v};
  SmallPtrSet<Value *, 16> seen;
  while (!work.empty()) {
    Value *cur = work.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    if (auto *arg = dyn_cast<Argument>(cur)) {
      if (arg->getArgNo() < numParams && arg->getType()->isPtrOrPtrVectorTy()) {
        if (!is_contained(result.params, arg->getArgNo()))
          result.params.push_back(arg->getArgNo());
        result.onlyLocal = false;
      } else {
        result.unknown = true;
        result.onlyLocal = false;
      }
      continue;
    }
    if (auto *alloca = dyn_cast<AllocaInst>(cur)) {
      if (alloca->getParent()->isEntryBlock() && alloca->getAllocationSize(alloca->getDataLayout()))
        result.locals.push_back(alloca);
      else
        result.unknown = true; // (Only an issue when a parameter is a root too.)
      continue;
    }
    if (isa<GlobalValue>(cur) || isa<UndefValue, PoisonValue>(cur) ||
        isa<ConstantAggregateZero>(cur))
      continue;
    if (auto *load = dyn_cast<LoadInst>(cur))
      if (AllocaInst *slot = stackSlot(load->getPointerOperand());
          slot && appendStoredValues(slot, work))
        continue;
    if (auto *gep = dyn_cast<GetElementPtrInst>(cur)) {
      work.push_back(gep->getPointerOperand());
      continue;
    }
    if (auto *cast = dyn_cast<CastInst>(cur);
        cast && (isa<BitCastInst, AddrSpaceCastInst>(cast))) {
      work.push_back(cast->getOperand(0));
      continue;
    }
    if (auto *phi = dyn_cast<PHINode>(cur)) {
      for (Value *in : phi->incoming_values())
        work.push_back(in);
      continue;
    }
    if (auto *select = dyn_cast<SelectInst>(cur)) {
      work.push_back(select->getTrueValue());
      work.push_back(select->getFalseValue());
      continue;
    }
    if (auto *insert = dyn_cast<InsertElementInst>(cur)) {
      work.push_back(insert->getOperand(0));
      work.push_back(insert->getOperand(1));
      continue;
    }
    if (auto *shuffle = dyn_cast<ShuffleVectorInst>(cur)) {
      work.push_back(shuffle->getOperand(0));
      work.push_back(shuffle->getOperand(1));
      continue;
    }
    if (auto *extract = dyn_cast<ExtractElementInst>(cur)) {
      work.push_back(extract->getVectorOperand());
      continue;
    }
    result.unknown = true;
    result.onlyLocal = false;
  }
  return result;
}

/// One access to check.
struct Access {
  Instruction *inst;
  Value *pointer;       ///< A pointer, or a vector of pointers (gather/scatter).
  Value *mask;          ///< Per-lane mask of masked accesses, else null.
  Type *laneType;       ///< The element each lane (or the access) reads or writes.
  unsigned lanes;       ///< 1 for scalar pointers accessing `laneType` as a whole.
  bool contiguous;      ///< Lane i at pointer + i * size(laneType).
  bool isStore;
  Value *replacement;   ///< The value a skipped load yields (null for stores).
};

/// The access `inst` makes, if it is one that is checked.
std::optional<Access> getAccess(Instruction &inst) {
  // A vector load or store is checked lane by lane, like a masked one, so
  // that the first lane outside is reported.
  auto lanesOf = [](Type *type) -> std::pair<Type *, unsigned> {
    if (auto *vector = dyn_cast<FixedVectorType>(type))
      return {vector->getElementType(), unsigned(vector->getNumElements())};
    return {type, 1};
  };
  if (auto *load = dyn_cast<LoadInst>(&inst)) {
    auto [lane, lanes] = lanesOf(load->getType());
    return Access{load, load->getPointerOperand(), nullptr, lane, lanes, lanes > 1, false,
                  Constant::getNullValue(load->getType())};
  }
  if (auto *store = dyn_cast<StoreInst>(&inst)) {
    auto [lane, lanes] = lanesOf(store->getValueOperand()->getType());
    return Access{store, store->getPointerOperand(), nullptr, lane, lanes, lanes > 1, true,
                  nullptr};
  }
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst))
    return Access{rmw, rmw->getPointerOperand(), nullptr, rmw->getValOperand()->getType(), 1,
                  false, true, Constant::getNullValue(rmw->getType())};
  if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst))
    return Access{cas, cas->getPointerOperand(), nullptr, cas->getCompareOperand()->getType(),
                  1, false, true, Constant::getNullValue(cas->getType())};
  auto *call = dyn_cast<IntrinsicInst>(&inst);
  if (!call)
    return std::nullopt;
  switch (call->getIntrinsicID()) {
  case Intrinsic::masked_load: {
    auto *type = cast<FixedVectorType>(call->getType());
    return Access{call, call->getArgOperand(0), call->getArgOperand(1),
                  type->getElementType(), unsigned(type->getNumElements()), true, false,
                  call->getArgOperand(2)};
  }
  case Intrinsic::masked_store: {
    auto *type = cast<FixedVectorType>(call->getArgOperand(0)->getType());
    return Access{call, call->getArgOperand(1), call->getArgOperand(2),
                  type->getElementType(), unsigned(type->getNumElements()), true, true, nullptr};
  }
  case Intrinsic::masked_gather: {
    auto *type = cast<FixedVectorType>(call->getType());
    return Access{call, call->getArgOperand(0), call->getArgOperand(1),
                  type->getElementType(), unsigned(type->getNumElements()), false, false,
                  call->getArgOperand(2)};
  }
  case Intrinsic::masked_scatter: {
    auto *type = cast<FixedVectorType>(call->getArgOperand(0)->getType());
    return Access{call, call->getArgOperand(1), call->getArgOperand(2),
                  type->getElementType(), unsigned(type->getNumElements()), false, true, nullptr};
  }
  default:
    return std::nullopt;
  }
}

/// Inserts the checks into one kernel function whose first `numParams`
/// arguments are the kernel's parameters.
void instrumentKernel(Function &fn, unsigned numParams, GlobalVariable *table,
                      GlobalVariable *hook, GlobalVariable *emptyTable) {
  const DataLayout &layout = fn.getParent()->getDataLayout();
  LLVMContext &ctx = fn.getContext();
  Type *i64 = Type::getInt64Ty(ctx), *i32 = Type::getInt32Ty(ctx);
  Type *ptrType = PointerType::get(ctx, 0);
  FunctionType *hookType = FunctionType::get(Type::getVoidTy(ctx), {i32, i64, i64, i32}, false);

  SmallVector<std::pair<Access, Provenance>> accesses;
  for (BasicBlock &block : fn)
    for (Instruction &inst : block)
      if (std::optional<Access> access = getAccess(inst)) {
        if (access->pointer->getType()->getScalarType()->getPointerAddressSpace() != 0)
          continue;
        Provenance provenance = findProvenance(access->pointer, numParams);
        if (provenance.onlyLocal)
          continue;
        accesses.push_back({*access, provenance});
      }

  if (accesses.empty())
    return;
  // The extents, read once: {base, end} per parameter from the table, or
  // from an all-zero one when the launch passed none (then nothing is
  // reported: `checked` is false).
  IRBuilder<> entry(&*fn.getEntryBlock().getFirstInsertionPt());
  Value *tablePtr = entry.CreateLoad(ptrType, table);
  Value *checked =
      entry.CreateICmpNE(tablePtr, ConstantPointerNull::get(cast<PointerType>(ptrType)));
  Value *safeTable = entry.CreateSelect(checked, tablePtr, emptyTable);
  SmallVector<Value *> bases(numParams), ends(numParams);
  for (unsigned i = 0; i < numParams; ++i) {
    if (!fn.getArg(i)->getType()->isPointerTy())
      continue;
    bases[i] = entry.CreateLoad(i64, entry.CreateConstGEP1_64(i64, safeTable, 2 * uint64_t(i)));
    ends[i] = entry.CreateLoad(i64, entry.CreateConstGEP1_64(i64, safeTable, 2 * uint64_t(i) + 1));
  }

  // Unchecked launches skip every check on one branch per access; a checked
  // one first tests the access's whole byte range (contiguous and scalar
  // accesses), and only an access straddling an extent is checked lane by
  // lane, in a block off the hot path; the offset reported is computed in
  // the cold block that reports it.
  for (auto &item : accesses) {
    Access &access = item.first;
    Provenance &provenance = item.second;
    Instruction *inst = access.inst;
    uint64_t laneBytes = layout.getTypeStoreSize(access.laneType);
    bool gather = access.pointer->getType()->isVectorTy();
    // Lanes are vectors for gathers, masked and vector accesses (also of one
    // lane: the mask is then a <1 x i1>).
    bool vectorLanes = gather || access.mask || access.lanes > 1;
    // A lane is fine inside any one of the parameters it may come from; an
    // access of unknown origin may lie in any pointer parameter.
    SmallVector<unsigned, 8> candidates(provenance.params.begin(), provenance.params.end());
    if (provenance.unknown)
      for (unsigned i = 0; i < numParams; ++i)
        if (fn.getArg(i)->getType()->isPointerTy() && !is_contained(candidates, i))
          candidates.push_back(i);

    // The byte address of every lane (a vector when there are lanes).
    auto laneAddresses = [&](IRBuilder<> &b) -> Value * {
      if (gather)
        return b.CreatePtrToInt(access.pointer, VectorType::get(i64, access.lanes, false));
      Value *base = b.CreatePtrToInt(access.pointer, i64);
      if (!vectorLanes)
        return base;
      SmallVector<Constant *> offsets;
      for (unsigned i = 0; i < access.lanes; ++i)
        offsets.push_back(ConstantInt::get(i64, uint64_t(i) * laneBytes));
      return b.CreateAdd(b.CreateVectorSplat(access.lanes, base), ConstantVector::get(offsets));
    };
    // Whether [first, first + bytes) (vectors: per lane) lies in a candidate.
    auto inside = [&](IRBuilder<> &b, Value *first, uint64_t bytes) -> Value * {
      auto splat = [&](Value *v) {
        return first->getType()->isVectorTy() ? b.CreateVectorSplat(access.lanes, v) : v;
      };
      Value *last = b.CreateAdd(first, splat(ConstantInt::get(i64, bytes - 1)));
      Value *result = splat(b.getFalse());
      auto within = [&](Value *base, Value *end) {
        return b.CreateAnd(
            b.CreateICmpUGE(first, splat(base)),
            b.CreateAnd(b.CreateICmpULE(first, last), b.CreateICmpULT(last, splat(end))));
      };
      for (unsigned param : candidates)
        result = b.CreateOr(result, within(bases[param], ends[param]));
      for (AllocaInst *local : provenance.locals) {
        Value *base = b.CreatePtrToInt(local, i64);
        uint64_t size = local->getAllocationSize(layout)->getFixedValue();
        result = b.CreateOr(result, within(base, b.CreateAdd(base, ConstantInt::get(i64, size))));
      }
      return result;
    };
    // The lanes outside (a vector, or a scalar i1), under the mask.
    auto badLanes = [&](IRBuilder<> &b, Value *addresses) -> Value * {
      Value *bad = b.CreateNot(inside(b, addresses, laneBytes));
      return access.mask ? b.CreateAnd(bad, access.mask) : bad;
    };

    IRBuilder<> b(inst);
    Value *bad;
    if (gather) {
      bad = b.CreateOrReduce(badLanes(b, laneAddresses(b)));
    } else {
      Value *start = b.CreatePtrToInt(access.pointer, i64);
      bad = b.CreateNot(inside(b, start, laneBytes * access.lanes));
      if (access.mask || access.lanes > 1) {
        // Straddling: check the (active) lanes one by one, off the hot path.
        Instruction *lanesTerm = SplitBlockAndInsertIfThen(
            b.CreateAnd(checked, bad), inst->getIterator(), /*Unreachable=*/false,
            MDBuilder(ctx).createUnlikelyBranchWeights());
        BasicBlock *hot = lanesTerm->getParent()->getSinglePredecessor();
        IRBuilder<> lanes(lanesTerm);
        Value *laneBad = lanes.CreateOrReduce(badLanes(lanes, laneAddresses(lanes)));
        IRBuilder<> join(inst);
        PHINode *phi = join.CreatePHI(b.getInt1Ty(), 2);
        phi->addIncoming(b.getFalse(), hot);
        phi->addIncoming(laneBad, lanesTerm->getParent());
        bad = phi;
      }
    }
    IRBuilder<> at(inst);
    bad = at.CreateAnd(checked, bad);

    // if (bad) { hook(...); } else { the access }, with the load's value
    // merged after.
    Instruction *thenTerm = nullptr, *elseTerm = nullptr;
    MDNode *weights = MDBuilder(ctx).createUnlikelyBranchWeights();
    SplitBlockAndInsertIfThenElse(bad, inst->getIterator(), &thenTerm, &elseTerm, weights);
    IRBuilder<> onBad(thenTerm);
    // The first lane outside, from the parameter's base when there is one
    // candidate, else as an address.
    Value *addresses = laneAddresses(onBad);
    Value *firstBad = addresses;
    if (addresses->getType()->isVectorTy()) {
      Value *badAddresses = onBad.CreateSelect(
          badLanes(onBad, addresses), addresses,
          onBad.CreateVectorSplat(access.lanes, ConstantInt::get(i64, UINT64_MAX)));
      firstBad = onBad.CreateUnaryIntrinsic(Intrinsic::vector_reduce_umin, badAddresses);
    }
    unsigned reportParam = candidates.size() == 1 ? candidates.front() : UINT32_MAX;
    Value *offset =
        candidates.size() == 1 ? onBad.CreateSub(firstBad, bases[candidates.front()]) : firstBad;
    Value *hookFn = onBad.CreateLoad(ptrType, hook);
    Value *hasHook = onBad.CreateICmpNE(hookFn, ConstantPointerNull::get(cast<PointerType>(ptrType)));
    Instruction *callTerm =
        SplitBlockAndInsertIfThen(hasHook, thenTerm->getIterator(), /*Unreachable=*/false);
    IRBuilder<> call(callTerm);
    call.CreateCall(hookType, hookFn,
                    {call.getInt32(reportParam), offset,
                     call.getInt64(laneBytes * (access.contiguous ? access.lanes : 1)),
                     call.getInt32(access.isStore ? 1 : 0)});
    BasicBlock *tail = inst->getParent();
    inst->moveBefore(elseTerm->getIterator());
    if (!inst->getType()->isVoidTy() && access.replacement) {
      IRBuilder<> merge(&*tail->getFirstInsertionPt());
      PHINode *phi = merge.CreatePHI(inst->getType(), 2);
      inst->replaceUsesWithIf(phi, [&](Use &use) { return use.getUser() != phi; });
      phi->addIncoming(access.replacement, thenTerm->getParent());
      phi->addIncoming(inst, elseTerm->getParent());
    }
  }
}

} // namespace

namespace {

/// The pointer parameters (below `numParams`) a stored-through address may
/// come from, like findProvenance, but also through the stack slots the
/// lowering spills pointer vectors to (a scalarized atomic loads its lanes'
/// pointers back from one) and through integer round trips. Sets `unknown`
/// when some root is neither a parameter nor a constant.
SmallVector<unsigned, 2> addressOrigins(Value *address, unsigned numParams,
                                        bool &unknown) {
  SmallVector<unsigned, 2> params;
  SmallVector<Value *, 8> work{address};
  SmallPtrSet<Value *, 16> seen;
  while (!work.empty()) {
    Value *cur = work.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    if (auto *arg = dyn_cast<Argument>(cur)) {
      if (arg->getArgNo() < numParams && arg->getType()->isPtrOrPtrVectorTy()) {
        if (!is_contained(params, arg->getArgNo()))
          params.push_back(arg->getArgNo());
      } else if (!arg->getType()->isIntOrIntVectorTy()) {
        unknown = true; // (An integer argument is an offset, never a base.)
      }
      continue;
    }
    if (isa<Constant>(cur) || isa<AllocaInst>(cur))
      continue;
    // Integers met on the way back from an inttoptr are offsets unless they
    // come from a ptrtoint: only pointer-typed roots are bases.
    bool integer = cur->getType()->isIntOrIntVectorTy();
    auto *load = dyn_cast<LoadInst>(cur);
    if (load && integer)
      continue;
    if (load) {
      // Loaded from a stack slot: whatever was stored there.
      AllocaInst *slot = stackSlot(load->getPointerOperand());
      if (!slot || !appendStoredValues(slot, work))
        unknown = true;
      continue;
    }
    auto *inst = dyn_cast<Instruction>(cur);
    if (!inst) {
      unknown |= !integer;
      continue;
    }
    if (isa<GetElementPtrInst>(inst)) {
      // The base only: indices are integers (offsets).
      work.push_back(cast<GetElementPtrInst>(inst)->getPointerOperand());
      continue;
    }
    if (isa<CastInst, PHINode, SelectInst, InsertElementInst, ShuffleVectorInst,
            ExtractElementInst, BinaryOperator, FreezeInst>(inst)) {
      for (Value *operand : inst->operands())
        if (!isa<SelectInst>(inst) || operand != inst->getOperand(0))
          work.push_back(operand);
      continue;
    }
    unknown |= !integer;
  }
  return params;
}

/// storedParams, with the callees' results memoized (a callee being analyzed
/// is assumed to store through every pointer argument: recursion).
std::vector<unsigned>
storedParamsImpl(Function &fn, unsigned numParams,
                 DenseMap<Function *, std::vector<unsigned>> &memo) {
  numParams = std::min<unsigned>(numParams, fn.arg_size());
  std::vector<unsigned> result;
  auto add = [&](unsigned param) {
    if (fn.getArg(param)->getType()->isPtrOrPtrVectorTy() &&
        !is_contained(result, param))
      result.push_back(param);
  };
  auto addOrigins = [&](Value *pointer) {
    // Stores to the kernel's own stack slots are not stores to a parameter.
    if (stackSlot(pointer))
      return;
    bool unknown = false;
    for (unsigned param : addressOrigins(pointer, numParams, unknown))
      add(param);
    if (unknown)
      for (unsigned i = 0; i < numParams; ++i)
        add(i);
  };
  for (BasicBlock &block : fn)
    for (Instruction &inst : block) {
      if (std::optional<Access> access = getAccess(inst)) {
        if (access->isStore)
          addOrigins(access->pointer);
        continue;
      }
      // A call of a kernel-language helper: what it stores through.
      auto *call = dyn_cast<CallBase>(&inst);
      // Targets write predicated stores as inline assembly: one that returns
      // nothing and takes pointers is taken to store through them (a load
      // returns what it reads).
      if (call && call->isInlineAsm()) {
        if (call->getType()->isVoidTy())
          for (Value *arg : call->args())
            if (arg->getType()->isPtrOrPtrVectorTy())
              addOrigins(arg);
        continue;
      }
      Function *callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || callee->isIntrinsic() || callee->isDeclaration())
        continue;
      auto [it, inserted] = memo.try_emplace(callee);
      if (inserted) {
        for (unsigned i = 0; i < callee->arg_size(); ++i)
          it->second.push_back(i); // Until analyzed: everything.
        std::vector<unsigned> stored =
            storedParamsImpl(*callee, callee->arg_size(), memo);
        memo[callee] = std::move(stored);
      }
      for (unsigned arg : memo[callee])
        if (arg < call->arg_size() &&
            call->getArgOperand(arg)->getType()->isPtrOrPtrVectorTy())
          addOrigins(call->getArgOperand(arg));
    }
  llvm::sort(result);
  return result;
}
} // namespace

std::vector<unsigned> storedParams(Function &fn, unsigned numParams) {
  DenseMap<Function *, std::vector<unsigned>> memo;
  return storedParamsImpl(fn, numParams, memo);
}

void insertBoundsChecks(Module &module, ArrayRef<std::pair<std::string, unsigned>> kernels) {
  LLVMContext &ctx = module.getContext();
  Type *ptrType = PointerType::get(ctx, 0);
  auto makeGlobal = [&](StringRef name) {
    if (GlobalVariable *existing = module.getGlobalVariable(name))
      return existing;
    auto *global = new GlobalVariable(module, ptrType, /*isConstant=*/false,
                                      GlobalValue::ExternalLinkage,
                                      ConstantPointerNull::get(cast<PointerType>(ptrType)), name);
    global->setVisibility(GlobalValue::DefaultVisibility);
    return global;
  };
  GlobalVariable *table = makeGlobal(kBoundsTableSymbol);
  GlobalVariable *hook = makeGlobal(kBoundsHookSymbol);
  unsigned maxParams = 0;
  for (const auto &kernel : kernels)
    maxParams = std::max(maxParams, kernel.second);
  auto *emptyType = ArrayType::get(Type::getInt64Ty(ctx), 2 * uint64_t(maxParams) + 2);
  auto *emptyTable = new GlobalVariable(module, emptyType, /*isConstant=*/true,
                                        GlobalValue::InternalLinkage,
                                        ConstantAggregateZero::get(emptyType),
                                        "__tilec_bounds_none");
  for (const auto &[name, numParams] : kernels)
    if (Function *fn = module.getFunction(name); fn && !fn->isDeclaration())
      instrumentKernel(*fn, std::min<unsigned>(numParams, fn->arg_size()), table, hook,
                       emptyTable);
}

} // namespace tilec::detail
