#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (test/fuzz/corpus/) from the bundled
models (examples/models, test/data/models), hardware tables (runtime/tables)
and Nsight Compute exports (test/data/ncu*). Files are named by content."""
import glob
import hashlib
import json
import os

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, 'test', 'fuzz', 'corpus')


def put(kind, data):
    if isinstance(data, str):
        data = data.encode()
    os.makedirs(os.path.join(out, kind), exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(out, kind, name), 'wb') as f:
        f.write(data)


def main():
    models = sorted(glob.glob(root + '/examples/models/*.json') +
                    glob.glob(root + '/test/data/models/*.json'))
    exprs = set()
    for i, m in enumerate(models):
        text = open(m).read()
        put('kernel_model', text)
        # fuzz_estimate: the first byte picks the block shape
        put('estimate', bytes([i % 16]) + text.encode())
        d = json.loads(text)
        for v in d.get('defs', {}).values():
            exprs.add((0, str(v)))
        if 'guard' in d:
            exprs.add((1, d['guard']))
        for a in d.get('accesses', []):
            for x in a.get('index', []):
                exprs.add((0, str(x)))
            if 'offset' in a:
                exprs.add((0, str(a['offset'])))
            if 'guard' in a:
                exprs.add((1, a['guard']))
        for loop in d.get('loops', []):
            for k in ('lower', 'upper'):
                if k in loop:
                    exprs.add((0, str(loop[k])))
    # fuzz_expr: the first byte says expression (0) or condition (1)
    for c, e in sorted(exprs):
        put('expr', bytes([c]) + e.encode())
    for t in sorted(glob.glob(root + '/runtime/tables/*.json')):
        d = json.load(open(t))
        d['id'] = 'h100-sxm'  # fuzz_hw_table reads every input as h100-sxm.json
        put('hw_table', json.dumps(d, indent=1))
    for c in sorted(glob.glob(root + '/test/data/ncu*/*.csv')):
        put('ncu_csv', open(c, 'rb').read())


if __name__ == '__main__':
    main()
