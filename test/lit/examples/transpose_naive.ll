; Kernel model of examples/cu/transpose_naive.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/transpose_naive.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "transpose_naive"
; CHECK: "guard": "tid.x + ctaid.x*ntid.x < n && tid.y + ctaid.y*ntid.y < n"
; CHECK: { "name": "in", "space": "global", "elem_bytes": 4, "align": 256, "dims": [ "n", "n" ] }
; CHECK: { "field": "in", "kind": "load", "bytes": 4, "index": [ "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x" ]
; CHECK: { "field": "out", "kind": "store", "bytes": 4, "index": [ "tid.x + ctaid.x*ntid.x", "tid.y + ctaid.y*ntid.y" ]

; ModuleID = 'transpose_naive.cu'
source_filename = "transpose_naive.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @transpose_naive(ptr noundef readonly captures(none) %in, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 !dbg !15 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !18
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !22
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !25
  %mul = mul i32 %1, %2, !dbg !28
  %add = add i32 %mul, %0, !dbg !29
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !dbg !30
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !dbg !33
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !dbg !36
  %mul6 = mul nuw nsw i32 %4, %5, !dbg !39
  %add7 = add nuw nsw i32 %mul6, %3, !dbg !40
  %cmp = icmp slt i32 %add, %n, !dbg !41
  %cmp8 = icmp slt i32 %add7, %n
  %or.cond = and i1 %cmp, %cmp8, !dbg !42
  br i1 %or.cond, label %if.then, label %if.end, !dbg !42

if.then:                                          ; preds = %entry
  %mul9 = mul nsw i32 %n, %add7, !dbg !43
  %add10 = add nsw i32 %mul9, %add, !dbg !44
  %idxprom = sext i32 %add10 to i64, !dbg !45
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %idxprom, !dbg !45
  %6 = load float, ptr %arrayidx, align 4, !dbg !45, !tbaa !46
  %mul11 = mul nsw i32 %n, %add, !dbg !48
  %add12 = add nsw i32 %mul11, %add7, !dbg !49
  %idxprom13 = sext i32 %add12 to i64, !dbg !50
  %arrayidx14 = getelementptr inbounds float, ptr %out, i64 %idxprom13, !dbg !50
  store float %6, ptr %arrayidx14, align 4, !dbg !51, !tbaa !46
  br label %if.end, !dbg !50

if.end:                                           ; preds = %if.then, %entry
  ret void, !dbg !52
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!7 = !DIFile(filename: "transpose_naive.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "transpose_naive", scope: !7, file: !7, line: 2, type: !16, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 4, column: 10, scope: !15)
!22 = !DILocation(line: 66, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 4, column: 24, scope: !15)
!25 = !DILocation(line: 79, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 4, column: 37, scope: !15)
!28 = !DILocation(line: 4, column: 35, scope: !15)
!29 = !DILocation(line: 4, column: 22, scope: !15)
!30 = !DILocation(line: 54, column: 27, scope: !31, inlinedAt: !32)
!31 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!32 = distinct !DILocation(line: 5, column: 10, scope: !15)
!33 = !DILocation(line: 67, column: 27, scope: !34, inlinedAt: !35)
!34 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!35 = distinct !DILocation(line: 5, column: 24, scope: !15)
!36 = !DILocation(line: 80, column: 27, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!38 = distinct !DILocation(line: 5, column: 37, scope: !15)
!39 = !DILocation(line: 5, column: 35, scope: !15)
!40 = !DILocation(line: 5, column: 22, scope: !15)
!41 = !DILocation(line: 6, column: 8, scope: !15)
!42 = !DILocation(line: 6, column: 12, scope: !15)
!43 = !DILocation(line: 7, column: 25, scope: !15)
!44 = !DILocation(line: 7, column: 29, scope: !15)
!45 = !DILocation(line: 7, column: 20, scope: !15)
!46 = !{!47, !47, i64 0}
!47 = !{!"float", !12, i64 0}
!48 = !DILocation(line: 7, column: 9, scope: !15)
!49 = !DILocation(line: 7, column: 13, scope: !15)
!50 = !DILocation(line: 7, column: 3, scope: !15)
!51 = !DILocation(line: 7, column: 18, scope: !15)
!52 = !DILocation(line: 8, column: 1, scope: !15)
