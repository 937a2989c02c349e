#!/usr/bin/env python3

import multiprocessing
p = multiprocessing.Process(target=print, args=("x",))
p.start()
p.join()
