; Generated once from examples/cu/stencil3d7_folded4z.cu with clang-22 -O2 --cuda-device-only -S -emit-llvm
; --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/stencil3d7_folded4z.json
; CHECK: "kernel": "stencil3d7_folded4z"
; CHECK: "threads": { "x": "nx - 1", "y": "ny - 1", "z": "(nz + 1) / 4" }
; CHECK: { "var": "it0", "lower": "0", "upper": "4", "step": 1
; CHECK: { "field": "dst", "kind": "store", "bytes": 8, "index": [ "4*tid.z + 4*ctaid.z*ntid.z + it0 + 1", "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x" ], "loops": [ "it0" ], "guard": "4*tid.z + 4*ctaid.z*ntid.z + it0 + 1 < nz - 1"
; CHECK: { "loops": [ "it0" ], "runs_with": 0, "fp64_add": 5, "fp64_fma": 1

; ModuleID = 'stencil3d7_folded4z.cu'
source_filename = "stencil3d7_folded4z.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local ptx_kernel void @stencil3d7_folded4z(ptr noundef readonly captures(none) %src, ptr noundef writeonly captures(none) %dst, i32 noundef %nx, i32 noundef %ny, i32 noundef %nz) local_unnamed_addr #0 !dbg !15 {
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
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !dbg !41
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.z(), !dbg !44
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !dbg !47
  %mul11 = mul nuw nsw i32 %7, %8, !dbg !50
  %add12 = add nuw nsw i32 %mul11, %6, !dbg !51
  %cmp = icmp slt i32 %add, 1, !dbg !52
  br i1 %cmp, label %cleanup, label %lor.lhs.false, !dbg !53

lor.lhs.false:                                    ; preds = %entry
  %sub = add nsw i32 %nx, -1, !dbg !54
  %cmp13 = icmp slt i32 %add, %sub, !dbg !55
  %cmp15 = icmp ne i32 %add7, 0
  %or.cond.not89 = and i1 %cmp15, %cmp13, !dbg !56
  %sub17 = add nsw i32 %ny, -1
  %cmp18.not = icmp slt i32 %add7, %sub17
  %or.cond88 = select i1 %or.cond.not89, i1 %cmp18.not, i1 false, !dbg !56
  br i1 %or.cond88, label %if.end, label %cleanup, !dbg !56

if.end:                                           ; preds = %lor.lhs.false
  %mul19 = mul nsw i32 %ny, %nx, !dbg !57
  %mul21 = shl nuw nsw i32 %add12, 2
  %add22 = or disjoint i32 %mul21, 1
  %sub24 = add nsw i32 %nz, -1
  br label %for.body, !dbg !58

for.body:                                         ; preds = %if.end, %if.end58
  %k.090 = phi i32 [ 0, %if.end ], [ %inc, %if.end58 ]
  %add23 = add nuw nsw i32 %add22, %k.090, !dbg !59
  %cmp25 = icmp slt i32 %add23, %sub24, !dbg !60
  br i1 %cmp25, label %if.then26, label %if.end58, !dbg !60

if.then26:                                        ; preds = %for.body
  %mul27 = mul nsw i32 %add23, %ny, !dbg !61
  %add28 = add nsw i32 %mul27, %add7, !dbg !62
  %mul29 = mul nsw i32 %add28, %nx, !dbg !63
  %add30 = add nsw i32 %mul29, %add, !dbg !64
  %9 = sext i32 %add30 to i64, !dbg !65
  %10 = getelementptr double, ptr %src, i64 %9, !dbg !65
  %arrayidx = getelementptr i8, ptr %10, i64 -8, !dbg !65
  %11 = load double, ptr %arrayidx, align 8, !dbg !65, !tbaa !66
  %arrayidx34 = getelementptr i8, ptr %10, i64 8, !dbg !68
  %12 = load double, ptr %arrayidx34, align 8, !dbg !68, !tbaa !66
  %add35 = fadd contract double %11, %12, !dbg !69
  %sub36 = sub nsw i32 %add30, %nx, !dbg !70
  %idxprom37 = sext i32 %sub36 to i64, !dbg !71
  %arrayidx38 = getelementptr inbounds double, ptr %src, i64 %idxprom37, !dbg !71
  %13 = load double, ptr %arrayidx38, align 8, !dbg !71, !tbaa !66
  %add39 = fadd contract double %add35, %13, !dbg !72
  %add40 = add nsw i32 %add30, %nx, !dbg !73
  %idxprom41 = sext i32 %add40 to i64, !dbg !74
  %arrayidx42 = getelementptr inbounds double, ptr %src, i64 %idxprom41, !dbg !74
  %14 = load double, ptr %arrayidx42, align 8, !dbg !74, !tbaa !66
  %add43 = fadd contract double %add39, %14, !dbg !75
  %sub44 = sub nsw i32 %add30, %mul19, !dbg !76
  %idxprom45 = sext i32 %sub44 to i64, !dbg !77
  %arrayidx46 = getelementptr inbounds double, ptr %src, i64 %idxprom45, !dbg !77
  %15 = load double, ptr %arrayidx46, align 8, !dbg !77, !tbaa !66
  %add47 = fadd contract double %add43, %15, !dbg !78
  %add48 = add nsw i32 %add30, %mul19, !dbg !79
  %idxprom49 = sext i32 %add48 to i64, !dbg !80
  %arrayidx50 = getelementptr inbounds double, ptr %src, i64 %idxprom49, !dbg !80
  %16 = load double, ptr %arrayidx50, align 8, !dbg !80, !tbaa !66
  %add51 = fadd contract double %add47, %16, !dbg !81
  %mul52 = fmul contract double %add51, 0x3FC5555555555555, !dbg !82
  %17 = load double, ptr %10, align 8, !dbg !83, !tbaa !66
  %sub55 = fsub contract double %mul52, %17, !dbg !84
  %arrayidx57 = getelementptr inbounds double, ptr %dst, i64 %9, !dbg !85
  store double %sub55, ptr %arrayidx57, align 8, !dbg !86, !tbaa !66
  br label %if.end58, !dbg !87

if.end58:                                         ; preds = %if.then26, %for.body
  %inc = add nuw nsw i32 %k.090, 1, !dbg !88
  %exitcond.not = icmp eq i32 %inc, 4, !dbg !89
  br i1 %exitcond.not, label %cleanup, label %for.body, !dbg !58, !llvm.loop !90

cleanup:                                          ; preds = %if.end58, %entry, %lor.lhs.false
  ret void, !dbg !94
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

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.z() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 65) i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
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
!7 = !DIFile(filename: "stencil3d7_folded4z.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "stencil3d7_folded4z", scope: !7, file: !7, line: 3, type: !16, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 5, column: 10, scope: !15)
!22 = !DILocation(line: 66, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 5, column: 24, scope: !15)
!25 = !DILocation(line: 79, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 5, column: 37, scope: !15)
!28 = !DILocation(line: 5, column: 35, scope: !15)
!29 = !DILocation(line: 5, column: 22, scope: !15)
!30 = !DILocation(line: 54, column: 27, scope: !31, inlinedAt: !32)
!31 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!32 = distinct !DILocation(line: 6, column: 10, scope: !15)
!33 = !DILocation(line: 67, column: 27, scope: !34, inlinedAt: !35)
!34 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!35 = distinct !DILocation(line: 6, column: 24, scope: !15)
!36 = !DILocation(line: 80, column: 27, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!38 = distinct !DILocation(line: 6, column: 37, scope: !15)
!39 = !DILocation(line: 6, column: 35, scope: !15)
!40 = !DILocation(line: 6, column: 22, scope: !15)
!41 = !DILocation(line: 55, column: 27, scope: !42, inlinedAt: !43)
!42 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 55, type: !16, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!43 = distinct !DILocation(line: 7, column: 11, scope: !15)
!44 = !DILocation(line: 68, column: 27, scope: !45, inlinedAt: !46)
!45 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 68, type: !16, scopeLine: 68, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!46 = distinct !DILocation(line: 7, column: 25, scope: !15)
!47 = !DILocation(line: 81, column: 27, scope: !48, inlinedAt: !49)
!48 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 81, type: !16, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!49 = distinct !DILocation(line: 7, column: 38, scope: !15)
!50 = !DILocation(line: 7, column: 36, scope: !15)
!51 = !DILocation(line: 7, column: 23, scope: !15)
!52 = !DILocation(line: 8, column: 8, scope: !15)
!53 = !DILocation(line: 8, column: 12, scope: !15)
!54 = !DILocation(line: 8, column: 23, scope: !15)
!55 = !DILocation(line: 8, column: 17, scope: !15)
!56 = !DILocation(line: 8, column: 27, scope: !15)
!57 = !DILocation(line: 10, column: 23, scope: !15)
!58 = !DILocation(line: 12, column: 2, scope: !15)
!59 = !DILocation(line: 13, column: 22, scope: !15)
!60 = !DILocation(line: 14, column: 9, scope: !15)
!61 = !DILocation(line: 15, column: 15, scope: !15)
!62 = !DILocation(line: 15, column: 20, scope: !15)
!63 = !DILocation(line: 15, column: 25, scope: !15)
!64 = !DILocation(line: 15, column: 30, scope: !15)
!65 = !DILocation(line: 16, column: 28, scope: !15)
!66 = !{!67, !67, i64 0}
!67 = !{!"double", !12, i64 0}
!68 = !DILocation(line: 16, column: 41, scope: !15)
!69 = !DILocation(line: 16, column: 39, scope: !15)
!70 = !DILocation(line: 16, column: 60, scope: !15)
!71 = !DILocation(line: 16, column: 54, scope: !15)
!72 = !DILocation(line: 16, column: 52, scope: !15)
!73 = !DILocation(line: 16, column: 74, scope: !15)
!74 = !DILocation(line: 16, column: 68, scope: !15)
!75 = !DILocation(line: 16, column: 66, scope: !15)
!76 = !DILocation(line: 17, column: 34, scope: !15)
!77 = !DILocation(line: 17, column: 28, scope: !15)
!78 = !DILocation(line: 16, column: 80, scope: !15)
!79 = !DILocation(line: 17, column: 48, scope: !15)
!80 = !DILocation(line: 17, column: 42, scope: !15)
!81 = !DILocation(line: 17, column: 40, scope: !15)
!82 = !DILocation(line: 16, column: 25, scope: !15)
!83 = !DILocation(line: 17, column: 57, scope: !15)
!84 = !DILocation(line: 17, column: 55, scope: !15)
!85 = !DILocation(line: 16, column: 4, scope: !15)
!86 = !DILocation(line: 16, column: 11, scope: !15)
!87 = !DILocation(line: 18, column: 3, scope: !15)
!88 = !DILocation(line: 12, column: 26, scope: !15)
!89 = !DILocation(line: 12, column: 20, scope: !15)
!90 = distinct !{!90, !58, !91, !92, !93}
!91 = !DILocation(line: 19, column: 2, scope: !15)
!92 = !{!"llvm.loop.mustprogress"}
!93 = !{!"llvm.loop.unroll.disable"}
!94 = !DILocation(line: 20, column: 1, scope: !15)
