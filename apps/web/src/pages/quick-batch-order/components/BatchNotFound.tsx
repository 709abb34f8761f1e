import { Link } from 'react-router';
import { Button, Result } from 'antd';

/** Another user's (or a deleted) batch: "not found", with the way back to the batch list. */
export default function BatchNotFound() {
  return (
    <Result
      status="404"
      title="批量订单不存在或无权访问"
      extra={
        <Link to="/settings/batchProjectList?type=all">
          <Button type="primary">返回批量项目</Button>
        </Link>
      }
    />
  );
}
