; Kernel model of examples/cu/stencil2d5.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/stencil2d5.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "stencil2d5"
; CHECK: "threads": { "x": "nx - 1", "y": "ny - 1" }
; CHECK: "guard": "tid.x + ctaid.x*ntid.x >= 1 && tid.y + ctaid.y*ntid.y >= 1 && tid.x + ctaid.x*ntid.x < nx - 1 && tid.y + ctaid.y*ntid.y < ny - 1"
; CHECK: { "name": "src", "space": "global", "elem_bytes": 8, "align": 256, "dims": [ "ny", "nx" ] }
; CHECK: { "field": "src", "kind": "load", "bytes": 8, "index": [ "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x - 1" ], "loc": "stencil2d5.cu:9:19" }
; CHECK: "index": [ "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x + 1" ]
; CHECK: "index": [ "tid.y + ctaid.y*ntid.y - 1", "tid.x + ctaid.x*ntid.x" ]
; CHECK: "index": [ "tid.y + ctaid.y*ntid.y + 1", "tid.x + ctaid.x*ntid.x" ]
; CHECK: { "field": "dst", "kind": "store", "bytes": 8, "index": [ "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x" ]
; The stencil's arithmetic sits under the bounds guard: it runs with the
; guarded load src[y][x-1] (access 0), the index arithmetic for every thread.
; CHECK: { "runs_with": 0, "fp64_add": 3, "fp64_fma": 1 }

; ModuleID = 'stencil2d5.cu'
source_filename = "stencil2d5.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @stencil2d5(ptr noundef readonly captures(none) %src, ptr noundef writeonly captures(none) %dst, i32 noundef %nx, i32 noundef %ny) local_unnamed_addr #0 !dbg !15 {
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
  %cmp = icmp slt i32 %add, 1, !dbg !41
  br i1 %cmp, label %cleanup, label %lor.lhs.false, !dbg !42

lor.lhs.false:                                    ; preds = %entry
  %sub = add nsw i32 %nx, -1, !dbg !43
  %cmp8 = icmp slt i32 %add, %sub, !dbg !44
  %cmp10 = icmp ne i32 %add7, 0
  %or.cond.not53 = and i1 %cmp10, %cmp8, !dbg !45
  %sub12 = add nsw i32 %ny, -1
  %cmp13.not = icmp slt i32 %add7, %sub12
  %or.cond52 = select i1 %or.cond.not53, i1 %cmp13.not, i1 false, !dbg !45
  br i1 %or.cond52, label %if.end, label %cleanup, !dbg !45

if.end:                                           ; preds = %lor.lhs.false
  %mul14 = mul nsw i32 %nx, %add7, !dbg !46
  %add15 = add nsw i32 %mul14, %add, !dbg !47
  %6 = sext i32 %add15 to i64, !dbg !48
  %7 = getelementptr double, ptr %src, i64 %6, !dbg !48
  %arrayidx = getelementptr i8, ptr %7, i64 -8, !dbg !48
  %8 = load double, ptr %arrayidx, align 8, !dbg !48, !tbaa !49
  %arrayidx19 = getelementptr i8, ptr %7, i64 8, !dbg !51
  %9 = load double, ptr %arrayidx19, align 8, !dbg !51, !tbaa !49
  %add20 = fadd contract double %8, %9, !dbg !52
  %sub21 = sub nsw i32 %add15, %nx, !dbg !53
  %idxprom22 = sext i32 %sub21 to i64, !dbg !54
  %arrayidx23 = getelementptr inbounds double, ptr %src, i64 %idxprom22, !dbg !54
  %10 = load double, ptr %arrayidx23, align 8, !dbg !54, !tbaa !49
  %add24 = fadd contract double %add20, %10, !dbg !55
  %add25 = add nsw i32 %add15, %nx, !dbg !56
  %idxprom26 = sext i32 %add25 to i64, !dbg !57
  %arrayidx27 = getelementptr inbounds double, ptr %src, i64 %idxprom26, !dbg !57
  %11 = load double, ptr %arrayidx27, align 8, !dbg !57, !tbaa !49
  %add28 = fadd contract double %add24, %11, !dbg !58
  %mul29 = fmul contract double %add28, 2.500000e-01, !dbg !59
  %12 = load double, ptr %7, align 8, !dbg !60, !tbaa !49
  %sub32 = fsub contract double %mul29, %12, !dbg !61
  %arrayidx34 = getelementptr inbounds double, ptr %dst, i64 %6, !dbg !62
  store double %sub32, ptr %arrayidx34, align 8, !dbg !63, !tbaa !49
  br label %cleanup, !dbg !64

cleanup:                                          ; preds = %entry, %lor.lhs.false, %if.end
  ret void, !dbg !64
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
!7 = !DIFile(filename: "stencil2d5.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "stencil2d5", scope: !7, file: !7, line: 2, type: !16, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
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
!43 = !DILocation(line: 6, column: 23, scope: !15)
!44 = !DILocation(line: 6, column: 17, scope: !15)
!45 = !DILocation(line: 6, column: 27, scope: !15)
!46 = !DILocation(line: 8, column: 12, scope: !15)
!47 = !DILocation(line: 8, column: 17, scope: !15)
!48 = !DILocation(line: 9, column: 19, scope: !15)
!49 = !{!50, !50, i64 0}
!50 = !{!"double", !12, i64 0}
!51 = !DILocation(line: 9, column: 32, scope: !15)
!52 = !DILocation(line: 9, column: 30, scope: !15)
!53 = !DILocation(line: 9, column: 51, scope: !15)
!54 = !DILocation(line: 9, column: 45, scope: !15)
!55 = !DILocation(line: 9, column: 43, scope: !15)
!56 = !DILocation(line: 9, column: 65, scope: !15)
!57 = !DILocation(line: 9, column: 59, scope: !15)
!58 = !DILocation(line: 9, column: 57, scope: !15)
!59 = !DILocation(line: 9, column: 16, scope: !15)
!60 = !DILocation(line: 9, column: 74, scope: !15)
!61 = !DILocation(line: 9, column: 72, scope: !15)
!62 = !DILocation(line: 9, column: 2, scope: !15)
!63 = !DILocation(line: 9, column: 9, scope: !15)
!64 = !DILocation(line: 10, column: 1, scope: !15)
