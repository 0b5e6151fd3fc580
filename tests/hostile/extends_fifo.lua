-- extends names "pipe": hostile_files.sh makes pipe.lua a FIFO next to this file. Reading it
-- would wait for a writer forever.
return { extends = "pipe", title = "hostile" }
