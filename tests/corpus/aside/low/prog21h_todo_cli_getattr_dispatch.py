#!/usr/bin/env python3
"""todo - a tiny task list kept in ./todo.json.

    todo add "buy milk"      todo list      todo done 3
    todo rm 3                todo clear-done
"""
import datetime
import json
import os
import sys

STORE = "todo.json"


class TodoApp:
    def __init__(self, path=STORE):
        self.path = path
        self.items = self._load()

    def _load(self):
        if not os.path.exists(self.path):
            return []
        with open(self.path, encoding="utf-8") as fh:
            return json.load(fh)

    def _save(self):
        tmp = self.path + ".part"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(self.items, fh, indent=2)
        os.replace(tmp, self.path)

    def _find(self, ident):
        for item in self.items:
            if item["id"] == int(ident):
                return item
        raise SystemExit(f"no task {ident}")

    # -- subcommands: each public cmd_* method is one CLI verb ---------------
    def cmd_add(self, *words):
        next_id = max((i["id"] for i in self.items), default=0) + 1
        self.items.append({
            "id": next_id,
            "text": " ".join(words),
            "done": False,
            "created": datetime.date.today().isoformat(),
        })
        self._save()
        print(f"added #{next_id}")

    def cmd_list(self):
        if not self.items:
            print("nothing to do")
        for item in self.items:
            box = "x" if item["done"] else " "
            print(f"[{box}] {item['id']:>3}  {item['text']}  ({item['created']})")

    def cmd_done(self, ident):
        self._find(ident)["done"] = True
        self._save()

    def cmd_rm(self, ident):
        item = self._find(ident)
        self.items.remove(item)
        self._save()

    def cmd_clear_done(self):
        before = len(self.items)
        self.items = [i for i in self.items if not i["done"]]
        self._save()
        print(f"removed {before - len(self.items)} finished tasks")

    def cmd_help(self):
        verbs = sorted(n[4:].replace("_", "-") for n in dir(self) if n.startswith("cmd_"))
        print(__doc__)
        print("commands:", ", ".join(verbs))

    def dispatch(self, argv):
        verb = argv[0] if argv else "list"
        handler = getattr(self, "cmd_" + verb.replace("-", "_"), None)
        if handler is None:
            print(f"unknown command {verb!r}")
            self.cmd_help()
            return 2
        try:
            handler(*argv[1:])
        except TypeError:
            print(f"wrong arguments for {verb!r}")
            return 2
        return 0


if __name__ == "__main__":
    sys.exit(TodoApp().dispatch(sys.argv[1:]))
