#!/usr/bin/env python3
"""The size rules ARCHITECTURE.md states, checked: no Swift file in Sources over 450 lines, no type over 1,000 lines
across its declaration and extensions, no store port (`…StoreReader`/`…StoreWriter` in ClubhouseDomain/Ports) over
30 methods. Run from the repository's root; exits 1 with what broke a rule."""
import os, re, sys
from collections import defaultdict

FILE_LINES, TYPE_LINES, PORT_METHODS = 450, 1000, 30
decl = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*'
                  r'(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][\w.]*)')
problems, type_lines, port_methods = [], defaultdict(int), {}
for root, _, files in os.walk('Sources'):
    for f in sorted(files):
        if not f.endswith('.swift'):
            continue
        path = os.path.join(root, f)
        lines = open(path, encoding='utf-8').read().split('\n')
        if lines and lines[-1] == '':
            lines.pop()
        if len(lines) > FILE_LINES:
            problems.append(f'{path}: {len(lines)} lines (at most {FILE_LINES} a file)')
        i = 0
        while i < len(lines):
            m = decl.match(lines[i])
            if not m:
                i += 1
                continue
            kind, name = m.group(1), m.group(2).split('.')[0]
            end = i
            if not lines[i].rstrip().endswith('}'):          # a one-line declaration ends where it starts
                end = next((j for j in range(i + 1, len(lines)) if lines[j] == '}'), len(lines) - 1)
            type_lines[(root.split('/')[1], name)] += end - i + 1
            if kind == 'protocol' and re.search(r'Store(Reader|Writer)$', name) and '/Ports/' in path + '/':
                port_methods[name] = sum(1 for l in lines[i:end + 1] if re.match(r'\s+func ', l))
            i = end + 1
for (module, name), n in sorted(type_lines.items()):
    if n > TYPE_LINES:
        problems.append(f'{module}.{name}: {n} lines across its declaration and extensions (at most {TYPE_LINES})')
for name, n in sorted(port_methods.items()):
    if n > PORT_METHODS:
        problems.append(f'port {name}: {n} methods (at most {PORT_METHODS}; split it by journey)')
if problems:
    print('check-structure: the size rules (ARCHITECTURE.md §2) are broken:', *problems, sep='\n  ')
    sys.exit(1)
print(f'check-structure: {sum(1 for _ in type_lines)} types, {len(port_methods)} store ports: within the size rules')
