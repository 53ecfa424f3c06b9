; Kernel model of examples/cu/matmul_naive.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/matmul_naive.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "matmul_naive"
; CHECK: { "var": "it0", "lower": "0", "upper": "(n) / 2", "step": 1
; CHECK: { "field": "A", "kind": "load", "bytes": 4, "index": [ "tid.y + ctaid.y*ntid.y", "2*it0" ], "loops": [ "it0" ]
; CHECK: { "field": "B", "kind": "load", "bytes": 4, "index": [ "2*it0 + 1", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ]

; ModuleID = 'matmul_naive.cu'
source_filename = "matmul_naive.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @matmul_naive(ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C, i32 noundef %n) local_unnamed_addr #0 !dbg !15 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !dbg !18
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !dbg !22
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !dbg !25
  %mul = mul nuw nsw i32 %1, %2, !dbg !28
  %add = add nuw nsw i32 %mul, %0, !dbg !29
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !30
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !33
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !36
  %mul6 = mul i32 %4, %5, !dbg !39
  %add7 = add i32 %mul6, %3, !dbg !40
  %cmp = icmp slt i32 %add, %n, !dbg !41
  %cmp8 = icmp slt i32 %add7, %n
  %or.cond = and i1 %cmp, %cmp8, !dbg !42
  br i1 %or.cond, label %for.body.lr.ph, label %if.end, !dbg !42

for.body.lr.ph:                                   ; preds = %entry
  %mul10 = mul nsw i32 %n, %add
  %xtraiter = and i32 %n, 1, !dbg !43
  %6 = icmp eq i32 %n, 1, !dbg !43
  br i1 %6, label %for.body.epil.preheader, label %for.body.lr.ph.new, !dbg !43

for.body.lr.ph.new:                               ; preds = %for.body.lr.ph
  %unroll_iter = and i32 %n, -2, !dbg !43
  br label %for.body, !dbg !43

for.cond.cleanup.unr-lcssa:                       ; preds = %for.body
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0, !dbg !43
  br i1 %lcmp.mod.not, label %for.cond.cleanup, label %for.body.epil.preheader, !dbg !43

for.body.epil.preheader:                          ; preds = %for.cond.cleanup.unr-lcssa, %for.body.lr.ph
  %k.037.epil.init = phi i32 [ 0, %for.body.lr.ph ], [ %inc.1, %for.cond.cleanup.unr-lcssa ]
  %s.036.epil.init = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add17.1, %for.cond.cleanup.unr-lcssa ]
  %lcmp.mod39 = icmp ne i32 %xtraiter, 0, !dbg !43
  tail call void @llvm.assume(i1 %lcmp.mod39), !dbg !43
  %add11.epil = add nuw nsw i32 %k.037.epil.init, %mul10, !dbg !44
  %idxprom.epil = zext nneg i32 %add11.epil to i64, !dbg !45
  %arrayidx.epil = getelementptr inbounds nuw float, ptr %A, i64 %idxprom.epil, !dbg !45
  %7 = load float, ptr %arrayidx.epil, align 4, !dbg !45, !tbaa !46
  %mul12.epil = mul nuw nsw i32 %k.037.epil.init, %n, !dbg !48
  %add13.epil = add nsw i32 %mul12.epil, %add7, !dbg !49
  %idxprom14.epil = sext i32 %add13.epil to i64, !dbg !50
  %arrayidx15.epil = getelementptr inbounds float, ptr %B, i64 %idxprom14.epil, !dbg !50
  %8 = load float, ptr %arrayidx15.epil, align 4, !dbg !50, !tbaa !46
  %mul16.epil = fmul contract float %7, %8, !dbg !51
  %add17.epil = fadd contract float %s.036.epil.init, %mul16.epil, !dbg !52
  br label %for.cond.cleanup, !dbg !53

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.unr-lcssa, %for.body.epil.preheader
  %add17.lcssa = phi float [ %add17.1, %for.cond.cleanup.unr-lcssa ], [ %add17.epil, %for.body.epil.preheader ], !dbg !52
  %add19 = add nsw i32 %mul10, %add7, !dbg !53
  %idxprom20 = sext i32 %add19 to i64, !dbg !54
  %arrayidx21 = getelementptr inbounds float, ptr %C, i64 %idxprom20, !dbg !54
  store float %add17.lcssa, ptr %arrayidx21, align 4, !dbg !55, !tbaa !46
  br label %if.end, !dbg !56

for.body:                                         ; preds = %for.body, %for.body.lr.ph.new
  %k.037 = phi i32 [ 0, %for.body.lr.ph.new ], [ %inc.1, %for.body ]
  %s.036 = phi float [ 0.000000e+00, %for.body.lr.ph.new ], [ %add17.1, %for.body ]
  %niter = phi i32 [ 0, %for.body.lr.ph.new ], [ %niter.next.1, %for.body ]
  %add11 = add nuw nsw i32 %k.037, %mul10, !dbg !44
  %idxprom = zext nneg i32 %add11 to i64, !dbg !45
  %arrayidx = getelementptr inbounds nuw float, ptr %A, i64 %idxprom, !dbg !45
  %9 = load float, ptr %arrayidx, align 4, !dbg !45, !tbaa !46
  %mul12 = mul nuw nsw i32 %k.037, %n, !dbg !48
  %add13 = add nsw i32 %mul12, %add7, !dbg !49
  %idxprom14 = sext i32 %add13 to i64, !dbg !50
  %arrayidx15 = getelementptr inbounds float, ptr %B, i64 %idxprom14, !dbg !50
  %10 = load float, ptr %arrayidx15, align 4, !dbg !50, !tbaa !46
  %mul16 = fmul contract float %9, %10, !dbg !51
  %add17 = fadd contract float %s.036, %mul16, !dbg !52
  %inc = or disjoint i32 %k.037, 1, !dbg !57
  %add11.1 = add nuw nsw i32 %inc, %mul10, !dbg !44
  %idxprom.1 = zext nneg i32 %add11.1 to i64, !dbg !45
  %arrayidx.1 = getelementptr inbounds nuw float, ptr %A, i64 %idxprom.1, !dbg !45
  %11 = load float, ptr %arrayidx.1, align 4, !dbg !45, !tbaa !46
  %mul12.1 = mul nuw nsw i32 %inc, %n, !dbg !48
  %add13.1 = add nsw i32 %mul12.1, %add7, !dbg !49
  %idxprom14.1 = sext i32 %add13.1 to i64, !dbg !50
  %arrayidx15.1 = getelementptr inbounds float, ptr %B, i64 %idxprom14.1, !dbg !50
  %12 = load float, ptr %arrayidx15.1, align 4, !dbg !50, !tbaa !46
  %mul16.1 = fmul contract float %11, %12, !dbg !51
  %add17.1 = fadd contract float %add17, %mul16.1, !dbg !52
  %inc.1 = add nuw nsw i32 %k.037, 2, !dbg !57
  %niter.next.1 = add i32 %niter, 2, !dbg !43
  %niter.ncmp.1 = icmp eq i32 %niter.next.1, %unroll_iter, !dbg !43
  br i1 %niter.ncmp.1, label %for.cond.cleanup.unr-lcssa, label %for.body, !dbg !43, !llvm.loop !58

if.end:                                           ; preds = %for.cond.cleanup, %entry
  ret void, !dbg !61
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!llvm.dbg.cu = !{!6}
!llvm.ident = !{!8, !9}
!llvm.errno.tbaa = !{!10}
!nvvmir.version = !{!14}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 7, !"Dwarf Version", i32 2}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !7, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!7 = !DIFile(filename: "matmul_naive.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "matmul_naive", scope: !7, file: !7, line: 2, type: !16, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 54, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 4, column: 12, scope: !15)
!22 = !DILocation(line: 67, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 4, column: 26, scope: !15)
!25 = !DILocation(line: 80, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 4, column: 39, scope: !15)
!28 = !DILocation(line: 4, column: 37, scope: !15)
!29 = !DILocation(line: 4, column: 24, scope: !15)
!30 = !DILocation(line: 53, column: 27, scope: !31, inlinedAt: !32)
!31 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!32 = distinct !DILocation(line: 5, column: 12, scope: !15)
!33 = !DILocation(line: 66, column: 27, scope: !34, inlinedAt: !35)
!34 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!35 = distinct !DILocation(line: 5, column: 26, scope: !15)
!36 = !DILocation(line: 79, column: 27, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!38 = distinct !DILocation(line: 5, column: 39, scope: !15)
!39 = !DILocation(line: 5, column: 37, scope: !15)
!40 = !DILocation(line: 5, column: 24, scope: !15)
!41 = !DILocation(line: 6, column: 10, scope: !15)
!42 = !DILocation(line: 6, column: 14, scope: !15)
!43 = !DILocation(line: 8, column: 3, scope: !15)
!44 = !DILocation(line: 9, column: 19, scope: !15)
!45 = !DILocation(line: 9, column: 9, scope: !15)
!46 = !{!47, !47, i64 0}
!47 = !{!"float", !12, i64 0}
!48 = !DILocation(line: 9, column: 30, scope: !15)
!49 = !DILocation(line: 9, column: 34, scope: !15)
!50 = !DILocation(line: 9, column: 26, scope: !15)
!51 = !DILocation(line: 9, column: 24, scope: !15)
!52 = !DILocation(line: 9, column: 6, scope: !15)
!53 = !DILocation(line: 10, column: 13, scope: !15)
!54 = !DILocation(line: 10, column: 3, scope: !15)
!55 = !DILocation(line: 10, column: 20, scope: !15)
!56 = !DILocation(line: 11, column: 2, scope: !15)
!57 = !DILocation(line: 8, column: 27, scope: !15)
!58 = distinct !{!58, !43, !59, !60}
!59 = !DILocation(line: 9, column: 39, scope: !15)
!60 = !{!"llvm.loop.mustprogress"}
!61 = !DILocation(line: 12, column: 1, scope: !15)
