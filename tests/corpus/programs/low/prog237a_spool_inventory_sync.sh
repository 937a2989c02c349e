#!/usr/bin/env bash
# spool_inventory_sync.sh - reconcile the makerspace filament shelf with the
# library's inventory API.
#
# Reads spools.csv (id,material,colour,weight_g) kept next to the scale,
# fetches the inventory's current list, and posts the changed weights back.
# The API key comes from INVENTORY_API_KEY and is only sent to the API.
set -euo pipefail

API="${INVENTORY_API:-https://inventory.example.org/api/v2}"
CSV="${1:-spools.csv}"
CACHE_DIR="./.spool_cache"
LOW_GRAMS="${LOW_GRAMS:-150}"

log() { printf '%s [spools] %s\n' "$(date +%T)" "$*" >&2; }

[ -f "$CSV" ] || { log "missing $CSV"; exit 1; }
: "${INVENTORY_API_KEY:?set INVENTORY_API_KEY first}"
mkdir -p "$CACHE_DIR"

log "fetching current inventory"
curl -sS --fail --max-time 15 "$API/spools" -o "$CACHE_DIR/remote.json" \
    || { log "inventory API unreachable"; exit 2; }

# compare local scale readings with the API copy; python prints the changes
CHANGES="$(REMOTE="$CACHE_DIR/remote.json" LOCAL="$CSV" python3 - <<'PY'
import csv, json, os
remote = {str(s["id"]): s for s in json.load(open(os.environ["REMOTE"]))}
changes = []
with open(os.environ["LOCAL"], newline="") as fh:
    for row in csv.DictReader(fh):
        sid = row["id"].strip()
        w = int(float(row["weight_g"]))
        old = remote.get(sid, {}).get("weight_g")
        if old is None or int(old) != w:
            changes.append({"id": sid, "material": row["material"],
                            "colour": row["colour"], "weight_g": w})
print(json.dumps(changes))
PY
)"

COUNT="$(printf '%s' "$CHANGES" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
log "$COUNT spool(s) changed"

if [ "$COUNT" -gt 0 ]; then
    printf '%s' "$CHANGES" > "$CACHE_DIR/changes.json"
    curl -sS --fail --max-time 20 -X POST "$API/spools/bulk-update" \
        -H "Authorization: Bearer $INVENTORY_API_KEY" \
        -H "Content-Type: application/json" \
        --data-binary "@$CACHE_DIR/changes.json" > "$CACHE_DIR/result.json" \
        && log "update accepted" || log "update rejected, see $CACHE_DIR/result.json"
fi

# low-stock list for the weekly order, printed for the coordinator
LOW_GRAMS="$LOW_GRAMS" python3 -c '
import csv, os, sys
limit = int(os.environ["LOW_GRAMS"])
rows = [r for r in csv.DictReader(open(sys.argv[1])) if float(r["weight_g"]) < limit]
for r in sorted(rows, key=lambda r: float(r["weight_g"])):
    print("LOW  %-6s %-5s %-12s %5.0f g" % (r["id"], r["material"], r["colour"], float(r["weight_g"])))
print("%d spools below %d g" % (len(rows), limit))
' "$CSV"

rm -f "$CACHE_DIR/remote.json"
log "done"
