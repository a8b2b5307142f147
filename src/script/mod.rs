//! TVMScript: the Python-syntax text form of TensorIR, parsed into `ir` and printed back.
