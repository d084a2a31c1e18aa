#!/usr/bin/env python3
"""Finds import circles between the files of each crate of the workspace.

Every `use crate::...`, `use super::...`, inline `crate::a::b` path and path through a child module
(`child::item`) in a file is an edge from that file to the file of the module it names; a name re-exported by `pub use` (in lib.rs or a
folder's mod.rs) is followed to the file that declares it. A test module inside a file
(`#[cfg(test)] mod tests { ... }`) counts as the file itself. Prints each circle and exits 1 when
there is one; `--graph` prints every edge instead.

It also holds the rooms of the crates that have them (below, `ROOMS`): the folders of a crate's
features, lowest first. A file of one room may use a file of a room below it, never one above:
the kernel uses no feature, and no two features use each other. Every module of a crate with rooms
must be in one (or be the crate's root), so a new folder has to be given its place. `--rooms`
prints the arrows between rooms with how many imports each carries.
"""

import collections
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
DECL = re.compile(
    r"^\s*pub(?:\([^)]*\))?\s+(?:async\s+)?(?:unsafe\s+)?"
    r"(?:struct|enum|trait|fn|const|static|type|mod|macro_rules!?)\s+(" + IDENT + ")",
    re.M,
)
MACRO_EXPORT = re.compile(r"#\[macro_export\]\s*macro_rules!\s*(" + IDENT + ")")


# The rooms of each crate, lowest first, as module paths under the crate root. A room may import
# rooms listed before it. ARCHITECTURE.md draws the same order.
ROOMS = {
    "domain": [
        "kernel",
        "mail",
        "notifications",
        "sign_in",
        "uploads",
        "profiles",
        "trust",
        "messaging",
        "appointments",
        "browse",
        "account",
        "closing",
        "maintenance",
    ],
    "persistence": [
        "repos::instant",
        "repos::sql",
        "repos::dsl",
        "repos::outbox",
        "repos::cards",
        "repos::jobs",
        "repos::idempotency",
        "repos::uploads",
        "repos::sign_in",
        "repos::notifications",
        "repos::profiles",
        "repos::trust",
        "repos::messaging",
        "repos::appointments",
        "repos::browse",
        "repos::account",
        "repos::closing",
    ],
}

# Modules of a crate with rooms that belong to none: the root and the files beside the rooms that
# everything may use (connections, errors, the schema) or that only wire rooms together.
OUTSIDE_ROOMS = {
    "domain": ["testing"],
    "persistence": ["connection", "db_connection", "error", "migrations", "schema", "testing", "transaction", "repos"],
}


def room_of(name, module):
    """The index of the room `module` is in, or None when it is outside every room."""
    for i, room in enumerate(ROOMS[name]):
        parts = tuple(room.split("::"))
        if module[: len(parts)] == parts:
            return i
    return None


def room_breaches(name, crate, edges):
    """Imports that run from a room to one above it, and modules that are in no room."""
    rel = lambda m: os.path.relpath(crate.files[m], ROOT)
    problems = []
    for module in sorted(crate.files):
        if module and room_of(name, module) is None and "::".join(module) not in OUTSIDE_ROOMS[name]:
            problems.append(f"{rel(module)} is in no room: give its folder a place in ROOMS")
    for module in sorted(edges):
        here = room_of(name, module)
        for target in sorted(edges[module]):
            there = room_of(name, target)
            if here is not None and there is not None and there > here:
                problems.append(
                    f"room {ROOMS[name][here]} uses room {ROOMS[name][there]}, which lies above it: "
                    f"{rel(module)} -> {rel(target)}"
                )
    return problems


def room_arrows(name, crate, edges):
    counts = collections.Counter()
    for module in edges:
        here = room_of(name, module)
        for target in edges[module]:
            there = room_of(name, target)
            if here is not None and there is not None and here != there:
                counts[(ROOMS[name][here], ROOMS[name][there])] += 1
    return counts


def strip(text):
    """Drops comments, strings and characters so that paths inside them are not read as imports."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        two = text[i : i + 2]
        if two == "//":
            j = text.find("\n", i)
            i = n if j == -1 else j
        elif two == "/*":
            depth, i = 1, i + 2
            while i < n and depth:
                if text[i : i + 2] == "/*":
                    depth, i = depth + 1, i + 2
                elif text[i : i + 2] == "*/":
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            close = '"' + hashes
            j = text.find(close, i + 2 + len(hashes))
            out.append('""')
            i = n if j == -1 else j + len(close)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'":
            m = re.match(r"'(?:\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path tuple -> file path
        self.texts = {}
        self._walk(self._root_file(), ())

    def _root_file(self):
        for name in ("lib.rs", "main.rs"):
            path = os.path.join(self.src, name)
            if os.path.exists(path):
                return path
        return None

    def _walk(self, path, module):
        if path is None or module in self.files:
            return
        self.files[module] = path
        with open(path, encoding="utf-8") as f:
            text = strip(f.read())
        self.texts[module] = text
        base = os.path.dirname(path)
        stem = os.path.splitext(os.path.basename(path))[0]
        folder = base if stem in ("lib", "main", "mod") or not module else os.path.join(base, stem)
        for m in re.finditer(r"(?:#\[path\s*=\s*\"([^\"]+)\"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", text):
            name = m.group(2)
            candidates = [os.path.join(folder, name + ".rs"), os.path.join(folder, name, "mod.rs")]
            target = next((c for c in candidates if os.path.exists(c)), None)
            self._walk(target, module + (name,))

    def module_of(self, module, segments):
        """The file module a path names, following `pub use` re-exports."""
        seen = set()
        while True:
            i = 0
            current = module
            while i < len(segments) and current + (segments[i],) in self.files:
                current = current + (segments[i],)
                i += 1
            if i == len(segments):
                return current
            name = segments[i]
            if (current, name) in seen:
                return current
            seen.add((current, name))
            target = self.reexport(current, name)
            if target is None:
                return current
            module, segments = target[0], list(target[1]) + list(segments[i + 1 :])

    def reexport(self, module, name):
        text = self.texts.get(module, "")
        for tree in re.findall(r"pub(?:\([^)]*\))?\s+use\s+([^;]+);", text):
            for path in expand(tree):
                if not path:
                    continue
                alias = path[-1]
                if " as " in alias:
                    source, alias = [s.strip() for s in alias.split(" as ")]
                    path = path[:-1] + [source]
                if alias == name:
                    return self.resolve_start(module, path)
                if alias == "*":
                    start = self.resolve_start(module, path[:-1])
                    if start and self._declares(self.module_of(*start), name):
                        return start
        return None

    def _declares(self, module, name):
        text = self.texts.get(module, "")
        return any(d == name for d in DECL.findall(text))

    def resolve_start(self, module, path):
        """(start module, remaining segments) for a path as written inside `module`."""
        if not path:
            return None
        head = path[0]
        if head == "crate":
            return (), path[1:]
        if head == "self":
            return module, path[1:]
        if head == "super":
            up = module
            rest = path
            while rest and rest[0] == "super":
                up = up[:-1]
                rest = rest[1:]
            return up, rest
        if module + (head,) in self.files:
            return module, path
        return None


def expand(tree):
    """All paths of a use tree, e.g. `a::{b, c::{d, e}}` -> [[a, b], [a, c, d], [a, c, e]]."""
    tree = re.sub(r"\s+", " ", tree).strip()
    out = []

    def parse(prefix, s):
        s = s.strip()
        if not s:
            return
        brace = s.find("{")
        if brace == -1:
            out.append(prefix + [p.strip() for p in s.split("::") if p.strip()])
            return
        head = s[:brace].strip().rstrip(":").strip()
        inner = s[brace + 1 : s.rfind("}")]
        new_prefix = prefix + [p.strip() for p in head.split("::") if p.strip()]
        depth, start = 0, 0
        for i, c in enumerate(inner):
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif c == "," and depth == 0:
                parse(new_prefix, inner[start:i])
                start = i + 1
        parse(new_prefix, inner[start:])

    parse([], tree)
    return out


def inline_modules(text):
    """(start, end, name) of every `mod name { ... }` written inside a file."""
    out = []
    for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out.append((m.start(), i, m.group(1)))
    return out


def edges_of(crate):
    edges = {}
    for module, text in crate.texts.items():
        targets = set()
        paths = []
        inline = inline_modules(text)

        def scope(pos):
            return module + tuple(name for (a, b, name) in inline if a <= pos <= b)

        use_spans = []
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            use_spans.append((m.start(), m.end()))
            paths.extend((scope(m.start()), p) for p in expand(m.group(1)))

        def in_use(pos):
            return any(a <= pos < b for a, b in use_spans)
        for m in re.finditer(r"(?<![A-Za-z0-9_:])((?:crate|super|self)(?:::" + IDENT + ")+)", text):
            if not in_use(m.start()):
                paths.append((scope(m.start()), m.group(1).split("::")))
        # A child module named by its own name (`account::configure(cfg)` in a mod.rs) is an edge too.
        children = [c[-1] for c in crate.files if c and c[:-1] == module]
        if children:
            pattern = r"(?<![A-Za-z0-9_:.])((?:" + "|".join(children) + r")(?:::" + IDENT + ")+)"
            for m in re.finditer(pattern, text):
                if not in_use(m.start()):
                    paths.append((scope(m.start()), m.group(1).split("::")))
        for here, path in paths:
            start = crate.resolve_start(here, path)
            if start is None:
                continue
            target = crate.module_of(*start)
            # A path into one's own test module or to oneself is not an edge between files.
            while target and target not in crate.files:
                target = target[:-1]
            if target != module and not (len(target) > len(module) and target[: len(module)] == module and target[-1] == "tests"):
                if crate.files.get(target) != crate.files[module]:
                    targets.add(target)
        edges[module] = targets
    return edges


def circles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in list(edges):
        if v not in index:
            visit(v)
    return out


def cycle_in(component, edges):
    """One concrete circle through a component, for the message."""
    members = set(component)
    start = sorted(component)[0]
    path, seen = [start], {start}
    while True:
        nxt = sorted(w for w in edges[path[-1]] if w in members)
        back = [w for w in nxt if w == start]
        if back and len(path) > 1:
            return path + [start]
        fresh = [w for w in nxt if w not in seen]
        if not fresh:
            loop = next(w for w in nxt if w in seen)
            return path[path.index(loop) :] + [loop]
        path.append(fresh[0])
        seen.add(fresh[0])


def main():
    graph = "--graph" in sys.argv
    rooms = "--rooms" in sys.argv
    crates_dir = os.path.join(ROOT, "crates")
    found = 0
    for name in sorted(os.listdir(crates_dir)):
        src = os.path.join(crates_dir, name, "src")
        if not os.path.isdir(src):
            continue
        crate = Crate(src)
        edges = edges_of(crate)
        rel = lambda m: os.path.relpath(crate.files[m], ROOT)
        if rooms:
            if name in ROOMS:
                arrows = room_arrows(name, crate, edges)
                for room in ROOMS[name]:
                    below = [f"{t} ({n})" for (f, t), n in sorted(arrows.items(), key=lambda x: ROOMS[name].index(x[0][1])) if f == room]
                    print(f"{name}::{room} -> " + (", ".join(below) if below else "nothing"))
            continue
        if graph:
            for m in sorted(edges):
                for t in sorted(edges[m]):
                    print(f"{rel(m)} -> {rel(t)}")
            continue
        if name in ROOMS:
            for problem in room_breaches(name, crate, edges):
                found += 1
                print(problem)
        for component in circles(edges):
            found += 1
            print("import circle: " + " -> ".join(rel(m) for m in cycle_in(component, edges)))
            if len(component) > 2:
                print("  (all files in this circle: " + ", ".join(sorted(rel(m) for m in component)) + ")")
    if not graph and not rooms:
        if found:
            sys.exit(1)
        print("import circles and rooms: ok")


if __name__ == "__main__":
    main()
