// s3rver ships no types: the part of its API the topology test and the storage tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      resetOnClose?: boolean;
      configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
