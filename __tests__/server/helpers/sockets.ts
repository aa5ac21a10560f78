import { io as connect, type Socket } from 'socket.io-client';

/** Opens a real socket.io connection to a listening test server, as the web app does. */
export function openSocket(url: string, headers: Record<string, string>): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}
