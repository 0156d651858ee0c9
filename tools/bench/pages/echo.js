onmessage = (e) => postMessage(e.data);
